/// A view's copy of a list's elements (the rows its data source answers from), kept up to date from
/// the list's change sets, with the version of the list it is a copy of: changes that do not start
/// from that version are refused in O(1), whatever change the copy missed.
///
/// ```swift
/// var rows = ElementsCopy<Message>()
/// var reader = ListChangeReader<Message.ID>()
/// func render(_ list: PaginationFeature<Message>.State) {  // once per frame
///   let changes = reader.read(list)
///   do {
///     try rows.apply(changes, from: list.elements)  // reloads itself when `changes` says to
///   } catch {
///     rows = ElementsCopy(list.elements)  // out of date: reload it
///   }
/// }
/// ```
public struct ElementsCopy<Element: Identifiable>: RandomAccessCollection {
  /// The elements, as the list had them at ``version``.
  public private(set) var elements: [Element]
  /// The version of the list the copy is of; nil for an empty copy of no list.
  public private(set) var version: ChangeVersion?

  /// A copy of no list: the first changes applied to it must say to reload.
  public init() {
    elements = []
    version = nil
  }

  /// A copy of `list` as it is now.
  public init(_ list: IdentifiedElements<Element>) {
    elements = Array(list)
    version = list.changeVersion
  }

  /// Zero.
  public var startIndex: Int { 0 }
  /// The number of elements.
  public var endIndex: Int { elements.count }
  /// The element at `offset`.
  public subscript(offset: Int) -> Element { elements[offset] }

  /// Applies `changes`, read from the list that is now `list`: its change set when there is one
  /// (``ElementChanges/apply(to:from:)``), or a copy of `list` when they say to reload everything.
  ///
  /// Throws ``ChangeApplicationError/wrongVersion``, and changes nothing, when the copy is not of
  /// the version the changes start from (it missed a change: reload it) or `list` is not the list
  /// they end at.
  public mutating func apply(_ changes: ListChanges<Element.ID>, from list: IdentifiedElements<Element>)
    throws(ChangeApplicationError)
  {
    guard let elementChanges = changes.elements else {
      self = ElementsCopy(list)
      return
    }
    guard version != nil, version == changes.since, list.changeVersion == changes.version else {
      throw .wrongVersion
    }
    try elementChanges.apply(to: &elements, from: list)
    version = changes.version
  }
}

extension ElementsCopy: Equatable where Element: Equatable {}
extension ElementsCopy: Sendable where Element: Sendable {}
