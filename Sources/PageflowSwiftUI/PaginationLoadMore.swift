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
  /// While more can load it is a one-point sentinel; while loading, a progress view; after a
  /// failure, the error and a retry button; at the end, nothing. The sentinel sends the footer's
  /// trigger when it comes on screen, and again whenever the trigger changes while it stays there
  /// (a refresh or a retry that ends with the footer in view): `.task(id: footer.sentinel)`, the
  /// rule of ``PaginationFeature/SentinelOnScreen``. The list loads once however often it asks. It
  /// uses only API that SwiftUI has had since iOS 15 and macOS 12.
  public struct PaginationLoadMore<Element: Identifiable & Sendable>: View where Element.ID: Sendable {
    let footer: PaginationFeature<Element>.LoadMore
    let send: @MainActor (PaginationFeature<Element>.Action) -> Void

    /// A footer drawing `footer`, whose actions go to `send`.
    public init(
      _ footer: PaginationFeature<Element>.LoadMore,
      send: @escaping @MainActor (PaginationFeature<Element>.Action) -> Void
    ) {
      self.footer = footer
      self.send = send
    }

    /// The footer for the footer's status, asking for its trigger as its sentinel says.
    public var body: some View {
      content.task(id: footer.sentinel) { @MainActor [footer, send] in
        if let action = footer.sentinel.action { send(action) }
      }
    }

    @ViewBuilder private var content: some View {
      switch footer.status {
      case .more:
        Color.clear.frame(height: 1)
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
