extension PaginationFeature.LoadMore {
  /// What the footer's sentinel asks for, as a value that a view keys its task by: in SwiftUI,
  /// `.task(id: footer.sentinel) { footer.sentinel.action.map(send) }`.
  ///
  /// The rule (``PaginationFeature/SentinelOnScreen``): a sentinel asks for ``LoadMore/trigger``
  /// when it comes on screen, and again each time this value changes while it stays there (a
  /// refresh or a retry that ends with the footer in view gives it a trigger again, which a view
  /// that asks only when the footer appears never sends: the list would stop until the user
  /// scrolled away and back); never twice for the same value while it stays on screen. Equal when
  /// they ask for the same kind of action (a page toward the same edge, a reload, nothing).
  public var sentinel: Sentinel { Sentinel(action: trigger) }

  /// What a load-more sentinel asks for while it is on screen (``LoadMore/sentinel``).
  public struct Sentinel: Equatable, Sendable {
    /// The action it sends: the footer's ``LoadMore/trigger``; nil while nothing would load.
    public let action: PaginationFeature<Element>.Action?
    private let kind: ActionKind

    init(action: PaginationFeature<Element>.Action?) {
      self.action = action
      self.kind = ActionKind(action)
    }

    /// Whether both ask for the same kind of action.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  }
}

extension PaginationFeature {
  /// A load-more sentinel as it comes and goes on screen: when it asks for a page, and when it does
  /// not ask again. SwiftUI's `.task(id: footer.sentinel)` runs this rule by itself; a UIKit footer
  /// keeps one, calls ``show(_:)`` when it is displayed and each time it is drawn again while it is
  /// on screen, and ``hide()`` when it ends being displayed.
  public struct SentinelOnScreen: Sendable {
    private var shown: LoadMore.Sentinel?

    /// A sentinel that is not on screen.
    public init() {}

    /// The footer is on screen, showing `footer`: the action to send now, when its sentinel asks
    /// for one it did not ask for while on screen (at its first showing, or after a change).
    public mutating func show(_ footer: LoadMore) -> Action? {
      let sentinel = footer.sentinel
      guard sentinel != shown else { return nil }
      shown = sentinel
      return sentinel.action
    }

    /// The footer left the screen: its sentinel asks again when it comes back.
    public mutating func hide() { shown = nil }
  }
}
