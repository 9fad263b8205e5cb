#if canImport(SwiftUI)
  import Pageflow
  import SwiftUI

  /// The load-more footer of a SwiftUI list: a thin layer over ``PaginationFeature/LoadMore``, whose
  /// logic is tested on every platform. Place it after the rows of a `List` or a lazy stack (or before
  /// them, for `.top`):
  ///
  /// ```swift
  /// List {
  ///   ForEach(list.elements) { MessageRow($0) }  // list: the list's store, scoped
  ///   PaginationLoadMore(list, .bottom)
  /// }
  /// ```
  ///
  /// While more can load it is a one-point sentinel that sends the trigger when it appears (the list
  /// loads once however often that happens); while loading, a progress view; after a failure, the
  /// error and a retry button; at the end, nothing. It uses only API that SwiftUI has had since its
  /// early versions (`ProgressView`: iOS 14, macOS 11).
  public struct PaginationLoadMore<Element: Identifiable & Sendable>: View where Element.ID: Sendable {
    let footer: PaginationFeature<Element>.LoadMore
    let send: (PaginationFeature<Element>.Action) -> Void

    /// A footer drawing `footer`, whose actions go to `send`.
    public init(
      _ footer: PaginationFeature<Element>.LoadMore, send: @escaping (PaginationFeature<Element>.Action) -> Void
    ) {
      self.footer = footer
      self.send = send
    }

    /// The footer for the footer's status.
    public var body: some View {
      switch footer.status {
      case .more:
        Color.clear
          .frame(height: 1)
          .onAppear { footer.trigger.map(send) }
      case .loading:
        HStack {
          Spacer()
          ProgressView()
          Spacer()
        }
      case .failed(let error):
        VStack {
          Text(error.description)
          if let retry = footer.retry {
            Button("Retry") { send(retry) }
          }
        }
      case .end:
        EmptyView()
      }
    }
  }
#endif
