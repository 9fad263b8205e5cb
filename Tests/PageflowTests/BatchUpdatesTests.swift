import Pageflow
import Testing

/// A change set issued to a collection or table view (what `PageflowUIKit` does on Apple platforms,
/// through ``BatchUpdatableView``): the view ends with the list's rows, the rows changed in place
/// are redrawn where they are after the batch, the row on screen stays where it was, and the anchor
/// is measured before the data source changes.
@MainActor
struct BatchUpdatesTests {
  /// A view that holds rows of ids, of varying heights, stacked from y = 0, and applies updates as
  /// UIKit's and AppKit's views are documented to: a batch (`performBatchUpdates`) deletes at the
  /// indices before it and inserts at the indices after it, all at its end, and refuses a batch
  /// whose counts do not add up to the data source's; an update group of `NSTableView` applies each
  /// call as it comes (removals at the current indices, insertions at their final places).
  final class SimulatedListView: BatchUpdatableView {
    enum Semantics { case batch, incremental }

    let semantics: Semantics
    /// What the data source answers.
    var dataSource: [Int]
    /// The rows the view holds.
    private(set) var rows: [Int]
    private(set) var origin: (x: Double, y: Double) = (0, 0)
    /// Each call, in order.
    private(set) var log: [String] = []
    /// The ids of the rows redrawn.
    private(set) var redrawn: [Int] = []
    private(set) var failures: [String] = []
    private var batch: (deleted: [Int], inserted: [Int])?

    init(_ semantics: Semantics, rows: [Int]) {
      self.semantics = semantics
      self.rows = rows
      self.dataSource = rows
    }

    /// A row's height: it varies with the id, so that a wrong row moves the anchor.
    static func height(_ id: Int) -> Double { Double(20 + (id * 7) % 13) }

    /// Where the row `id` is on screen: its top minus the visible origin.
    func screenPosition(of id: Int) -> Double? {
      rows.firstIndex(of: id).map { index in rows[..<index].reduce(0) { $0 + Self.height($1) } - origin.y }
    }

    var visibleOrigin: (x: Double, y: Double) { origin }
    func scrollVisibleOrigin(to origin: (x: Double, y: Double)) {
      log.append("scroll")
      self.origin = origin
    }
    func frameOrigin(ofRow row: Int, section: Int) -> (x: Double, y: Double)? {
      log.append("measure \(row)")
      guard rows.indices.contains(row) else { return nil }
      return (0, rows[..<row].reduce(0) { $0 + Self.height($1) })
    }
    func layOutNow() { log.append("layout") }
    func reloadAllRows() {
      log.append("reload")
      rows = dataSource
    }
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
      log.append("batch")
      batch = ([], [])
      updates()
      guard let (deleted, inserted) = batch else { return }
      batch = nil
      if semantics == .batch {
        guard rows.count - deleted.count + inserted.count == dataSource.count else {
          failures.append("invalid update: \(rows.count) - \(deleted.count) + \(inserted.count) != \(dataSource.count)")
          return
        }
        let gone = Set(deleted)
        rows = rows.indices.filter { !gone.contains($0) }.map { rows[$0] }
        for index in inserted.sorted() { rows.insert(dataSource[index], at: index) }
      }
      log.append("end batch")
      completion?(true)
    }
    func deleteRows(_ indices: [Int], section: Int) {
      log.append("delete \(indices)")
      if semantics == .incremental { for index in indices.sorted().reversed() { rows.remove(at: index) } }
      batch?.deleted += indices
    }
    func insertRows(_ indices: [Int], section: Int) {
      log.append("insert \(indices)")
      if semantics == .incremental { for index in indices.sorted() { rows.insert(dataSource[index], at: index) } }
      batch?.inserted += indices
    }
    func redrawRows(_ indices: [Int], section: Int) {
      log.append("redraw \(indices)")
      if batch != nil { failures.append("redrawn inside the batch, where its indices are not documented") }
      redrawn += indices.map { rows[$0] }
    }
  }

  /// Before: 1 2 3 4. After: 7 8 1 2 3* (two rows arrive above, the last goes, 3 changes in place).
  /// The row on screen is 2: at 1 before, at 3 after.
  let changes = ListChanges<Int>(
    elements: ElementChanges(
      countBefore: 4, countAfter: 5, removed: [3..<4], removedIDs: [4], inserted: [0..<2],
      updated: [.init(before: 2, after: 4)]),
    anchor: .init(id: 2, before: 1, after: 3), version: nil)

  @Test(arguments: [SimulatedListView.Semantics.batch, .incremental])
  func aBatchEndsWithTheListRedrawsWhatChangedWhereItIsAfterAndKeepsTheRowOnScreen(
    semantics: SimulatedListView.Semantics
  ) {
    let view = SimulatedListView(semantics, rows: [1, 2, 3, 4])
    let onScreen = view.screenPosition(of: 2)
    changes.batchUpdates.apply(to: view, section: 0, update: { view.dataSource = [7, 8, 1, 2, 3] }, completion: nil)
    #expect(view.failures == [])
    #expect(view.rows == [7, 8, 1, 2, 3])
    #expect(view.redrawn == [3])  // at index 4 after the batch (index 2 before it is the row 1 now)
    #expect(view.screenPosition(of: 2) == onScreen)
  }

  @Test func theAnchorIsMeasuredBeforeTheDataSourceChangesAndTheRowsAreRedrawnAfterTheBatch() {
    let view = SimulatedListView(.batch, rows: [1, 2, 3, 4])
    var log: [String] = []
    changes.batchUpdates.apply(
      to: view, section: 0,
      update: {
        log = view.log
        view.dataSource = [7, 8, 1, 2, 3]
      }, completion: nil)
    #expect(log == ["measure 1", "batch"])  // measured, then the batch began with the update
    #expect(
      view.log == [
        "measure 1", "batch", "delete [3]", "insert [0, 1]", "end batch", "redraw [4]", "layout", "measure 3", "scroll",
      ])
  }

  @Test func changesThatSayToReloadUpdateTheDataSourceThenReloadAndNoChangesCallNothing() {
    let view = SimulatedListView(.batch, rows: [1, 2])
    var completed: [Bool] = []
    ListChanges<Int>(elements: nil, anchor: nil, version: nil).batchUpdates.apply(
      to: view, section: 0, update: { view.dataSource = [5, 6, 7] }, completion: { completed.append($0) })
    #expect(view.rows == [5, 6, 7])
    #expect(view.log == ["reload"])
    ListChanges<Int>(elements: .none(count: 3), anchor: nil, version: nil).batchUpdates.apply(
      to: view, section: 0, update: {}, completion: { completed.append($0) })
    #expect(view.log == ["reload"])
    #expect(completed == [true, true])
  }

  /// Live inserts at both ends, updates and removals, in random runs with the row on screen moving:
  /// each step's change set, read as a view reads it, leaves both kinds of view holding the list,
  /// with the rows changed in place redrawn and the row on screen where it was.
  @Test(arguments: [SimulatedListView.Semantics.batch, .incremental])
  func everyChangeSetOfARandomRunKeepsTheViewEqualToTheList(semantics: SimulatedListView.Semantics) async {
    let seed = SeededGenerator.seed(default: 31)
    var random = SeededGenerator(seed: seed)
    let store = Store(
      initialState: PaginationFeature<DocMessage>.State(selection: 0, elements: (0..<30).map(DocMessage.init))
    ) {
      PaginationFeature<DocMessage> { _ in Page(elements: []) }
    }
    var reader = ListChangeReader<Int>()
    _ = reader.read(store.state)
    let view = SimulatedListView(semantics, rows: store.state.elements.map(\.id))
    var next = 1_000
    for step in 0..<300 {
      let shown = Set(view.rows)
      var updated: Set<Int> = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let ids = store.state.elements.map(\.id)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: store.send(.insert(DocMessage(next), at: .top))
        case 1: store.send(.insert(DocMessage(next), at: .bottom))
        case 2, 3:
          guard let id = ids.randomElement(using: &random) else { continue }
          store.send(.update(DocMessage(id: id, text: "edit \(step)")))
          if shown.contains(id) { updated.insert(id) }  // a row that arrives in this frame is inserted
        default:
          guard ids.count > 5, let id = ids.randomElement(using: &random) else { continue }
          store.send(.remove(id))
          updated.remove(id)
        }
        next += 1
      }
      if let id = store.state.elements.map(\.id).randomElement(using: &random) { store.send(.elementAppeared(id)) }
      let onScreen = store.state.lastVisible
      let positionBefore = onScreen.flatMap(view.screenPosition(of:))
      let changes = reader.read(store.state)
      let list = store.state.elements.map(\.id)
      let redrawnBefore = view.redrawn.count
      changes.batchUpdates.apply(to: view, section: 0, update: { view.dataSource = list }, completion: nil)
      #expect(view.failures == [], "seed \(seed), step \(step)")
      #expect(view.rows == list, "seed \(seed), step \(step)")
      #expect(Set(view.redrawn[redrawnBefore...]).isSuperset(of: updated), "seed \(seed), step \(step)")
      if changes.anchor != nil, let onScreen {
        #expect(view.screenPosition(of: onScreen) == positionBefore, "seed \(seed), step \(step)")
      }
    }
  }
}
