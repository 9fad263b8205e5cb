import Foundation

/// The version of the format of a saved place that this library writes, and the newest it reads.
let placeFormatVersion = 1

extension PaginationFeature {
  /// A user's place in a list, small enough to save when the app goes to the background and to
  /// open the list at after a relaunch: the element on screen, the selection, and what list it is.
  ///
  /// ```swift
  /// // Going to the background:
  /// if let place = store.state.place { try JSONEncoder().encode(place).write(to: url) }
  /// // At the next launch, once the store exists:
  /// let place = try JSONDecoder().decode(PaginationFeature<Message>.Place.self, from: Data(contentsOf: url))
  /// store.send(.restore(place))  // the page around it, from disk first; then revalidated
  /// ```
  ///
  /// It is `Codable` when the element's id is. A place saved by a newer version of the library is
  /// refused when decoded (``PaginationError/placeFromNewerVersion(_:)``); one from another list (an
  /// other element type, an other context) is refused by ``State/check(_:)`` and ignored by
  /// ``Action/restore(_:)``.
  public struct Place: Sendable {
    /// The version of the place's format that this library writes.
    public static var currentVersion: Int { placeFormatVersion }

    /// The version of the format it was written in.
    public var version: Int
    /// The type of the list's elements (`String(reflecting:)`).
    public var elementType: String
    /// The list's context, as `String(reflecting:)` describes it: a place opens only the list it
    /// came from.
    public var context: String
    /// The element on screen (the last reported visible, else the selection).
    public var anchor: Element.ID
    /// The selected element.
    public var selection: Element.ID

    /// The place at `anchor`, with `selection` selected, in a list of `context`.
    public init(anchor: Element.ID, selection: Element.ID, context: any PaginationContext) {
      self.version = Self.currentVersion
      self.elementType = String(reflecting: Element.self)
      self.context = String(reflecting: context)
      self.anchor = anchor
      self.selection = selection
    }
  }
}

extension PaginationFeature.Place: Equatable {}

extension PaginationFeature.Place: Codable where Element.ID: Codable {
  private enum CodingKeys: String, CodingKey {
    case version, elementType, context, anchor, selection
  }

  /// Decodes a place; throws ``PaginationError/placeFromNewerVersion(_:)`` for a place written by a
  /// newer version of the library, and the decoder's error for one that is damaged or truncated.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    guard version <= Self.currentVersion else { throw PaginationError.placeFromNewerVersion(version) }
    elementType = try container.decode(String.self, forKey: .elementType)
    context = try container.decode(String.self, forKey: .context)
    anchor = try container.decode(Element.ID.self, forKey: .anchor)
    selection = try container.decode(Element.ID.self, forKey: .selection)
  }

  /// Encodes the place.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(elementType, forKey: .elementType)
    try container.encode(context, forKey: .context)
    try container.encode(anchor, forKey: .anchor)
    try container.encode(selection, forKey: .selection)
  }
}

extension PaginationFeature.State {
  /// The user's place in the list (the element on screen and the selection): nil for an empty
  /// window.
  public var place: PaginationFeature<Element>.Place? {
    let selected = elements.contains(id: selection) ? selection : nil
    guard let anchor = lastVisible.flatMap({ elements.contains(id: $0) ? $0 : nil }) ?? selected else { return nil }
    return PaginationFeature<Element>.Place(anchor: anchor, selection: selected ?? anchor, context: context)
  }

  /// Throws when `place` cannot open this list: it was saved for another element type or another
  /// context (``PaginationError/placeMismatch(_:)``), or by a newer version of the library.
  public func check(_ place: PaginationFeature<Element>.Place) throws(PaginationError) {
    guard place.version <= PaginationFeature<Element>.Place.currentVersion else {
      throw .placeFromNewerVersion(place.version)
    }
    let elementType = String(reflecting: Element.self)
    guard place.elementType == elementType else {
      throw .placeMismatch("the place is in a list of \(place.elementType), this one of \(elementType)")
    }
    let context = String(reflecting: self.context)
    guard place.context == context else {
      throw .placeMismatch("the place is in the list of \(place.context), this one is of \(context)")
    }
  }

  /// Opens the window at `place`: the page around its element, which stays on screen and selected
  /// (or, when the list no longer holds it, the element nearest it in that page; when that page is
  /// empty, the list's start). Once the page is in, a refresh revalidates it, at once when online,
  /// when the network is back otherwise. A place from another list is ignored, with a warning.
  @inlinable
  mutating func restore(_ place: PaginationFeature<Element>.Place, rules: Rules) -> [Command] {
    do {
      try check(place)
    } catch {
      RuntimeWarning.emit("A place that cannot open this list was ignored: \(error)")
      return []
    }
    return reload(
      .around(rules.anchorCursor(place.anchor)), intent: .restore(anchor: place.anchor, selection: place.selection))
  }
}
