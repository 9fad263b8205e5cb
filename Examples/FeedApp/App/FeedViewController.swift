// The feed in UIKit: the view controller that Documentation/BuildingAScreen.md shows, whole, for an
// app on iOS, iPadOS, Mac Catalyst or visionOS (tvOS has no pull to refresh, watchOS no collection
// view). A Mac's SwiftUI app compiles it to nothing; the checks of Apple platforms compile it.
#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import Observation
  import Pageflow
  import PageflowUIKit
  import UIKit

  #if canImport(FeedAppModel)
    import FeedAppModel
  #endif

  final class FeedViewController: UICollectionViewController {
    let list: StoreOf<PaginationFeature<FeedPost>>
    var rows: [FeedPost] = []
    var reader = ListChangeReader<FeedPost.ID>()
    var footer = PaginationFeature<FeedPost>.SentinelOnScreen()
    var footerIsOnScreen = false

    init(list: StoreOf<PaginationFeature<FeedPost>>, layout: UICollectionViewLayout) {
      self.list = list
      super.init(collectionViewLayout: layout)
    }

    required init?(coder: NSCoder) { nil }  // made in code, not in a storyboard

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "post")
      let refresh = UIRefreshControl()
      refresh.addAction(
        UIAction { [weak self, weak refresh] _ in
          guard let self else { return }
          Task { @MainActor in
            await self.list.send(.refresh).finish()  // the old rows stay until the new ones arrive
            refresh?.endRefreshing()
          }
        }, for: .valueChanged)
      collectionView.refreshControl = refresh
      observe()
    }

    /// Renders now, and again after the next change (once per run loop turn, however many actions ran).
    func observe() {
      withObservationTracking {
        render()
      } onChange: {
        DispatchQueue.main.async { [weak self] in self?.observe() }
      }
    }

    func render() {
      let changes = reader.read(list)  // tracked: the elements, the row on screen, the unseen counts
      collectionView.apply(changes) { rows = Array(list.elements) }  // the row on screen kept still
      if footerIsOnScreen, let action = footer.show(list.loadMore(.bottom)) { list.send(action) }
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      rows.count
    }

    override func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "post", for: indexPath)
      var content = UIListContentConfiguration.cell()
      content.text = rows[indexPath.item].text
      cell.contentConfiguration = content
      return cell
    }

    override func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      list.send(.elementAppeared(rows[indexPath.item].id))
      if indexPath.item == rows.count - 1 {  // the last row: the footer's sentinel is on screen
        footerIsOnScreen = true
        if let action = footer.show(list.loadMore(.bottom)) { list.send(action) }
      }
    }

    override func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      if indexPath.item == rows.count - 1 {
        footerIsOnScreen = false
        footer.hide()
      }
    }

    override func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
      if let landing = collectionView.landing(at: targetContentOffset.pointee, velocity: velocity, in: list.elements) {
        list.send(.scrollWillLand(landing))
      }
    }

    override func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
      list.send(.landingCancelled)  // the user took the list again: it will not land there
    }
  }
#endif
