import Foundation

/// The version of the format of a saved place that this library writes, and the newest it reads.
let placeFormatVersion = 2

extension PaginationFeature {
  /// A user's place in a list, small enough to save when the app goes to the background and to
  /// open the list at after a relaunch: the element on screen, the selection, and what list it is:
  /// the type of its elements and its context, which a `Codable` context is saved as, so that the
  /// place reopens it (``context(as:)`` reads it back).
  ///
  /// ```swift
  /// // Going to the background:
  /// if let place = store.state.place { try JSONEncoder().encode(place).write(to: url) }
  /// // At the next launch, once the store exists:
  /// let place = try JSONDecoder().decode(PaginationFeature<Message>.Place.self, from: Data(contentsOf: url))
  /// store.send(.restore(place))  // the page around it, from disk first; then revalidated
  /// ```
  ///
  /// Nothing in it depends on the process that saved it: types are named without the load address
  /// Swift prints for a private type, a `Codable` context is compared by value once decoded (a set
  /// in it may encode in any order), and any other context by a description with sets and
  /// dictionaries in sorted order (``SavedContext``).
  ///
  /// It is `Codable` when the element's id is. A place saved by a newer version of the library is
  /// refused when decoded (``PaginationError/placeFromNewerVersion(_:)``); one from another list is
  /// refused by ``State/check(_:)`` and ignored by ``Action/restore(_:)``.
  public struct Place: Sendable {
    /// The version of the place's format that this library writes (2; it reads 1 as well).
    public static var currentVersion: Int { placeFormatVersion }

    /// The version of the format it was written in.
    public var version: Int
    /// The type of the list's elements: its module-qualified name, without load addresses
    /// (`Inbox.Message`).
    public var elementType: String
    /// The list's context, as it was saved.
    public var context: SavedContext
    /// The element on screen (the last reported visible, else the selection).
    public var anchor: Element.ID
    /// The selected element.
    public var selection: Element.ID
    /// How far the selection was from the element on screen when the place was saved, in elements
    /// (positive: after it); nil when not known. A restore loads that far to keep it selected.
    public var selectionOffset: Int?

    /// The place at `anchor`, with `selection` selected `selectionOffset` elements after it (before
    /// it when negative), in a list of `context`.
    public init(
      anchor: Element.ID, selection: Element.ID, selectionOffset: Int? = nil, context: any PaginationContext
    ) {
      self.version = Self.currentVersion
      self.elementType = PlaceIdentity.name(of: Element.self)
      self.context = SavedContext(context)
      self.anchor = anchor
      self.selection = selection
      self.selectionOffset = selectionOffset
    }

    /// The place's context, read back as `Context`, the list's context type: how an app opens, at
    /// the next launch, the list (the filter, the folder) that the user left.
    ///
    /// ```swift
    /// let filter = try place.context(as: IssueFilter.self)
    /// ```
    ///
    /// Throws ``PaginationError/contextTypeMismatch(expected:actual:)`` when the context was of
    /// another type, and ``PaginationError/placeMismatch(_:)`` when it was not `Codable` (the place
    /// holds only its description) or cannot be read as a `Context`.
    public func context<Context: PaginationContext & Decodable>(as type: Context.Type) throws(PaginationError)
      -> Context
    {
      let name = PlaceIdentity.name(of: Context.self)
      switch context {
      case .encoded(let saved, let json):
        guard StableDescription.withoutLoadAddresses(saved) == name else {
          throw .contextTypeMismatch(expected: name, actual: saved)
        }
        guard let value = PlaceIdentity.decode(json, as: Context.self) else {
          throw .placeMismatch("its context cannot be read as a \(name)")
        }
        return value
      case .described(let saved, _):
        throw .placeMismatch("its context, a \(saved), is not Codable: the place holds a description of it")
      case .reflected:
        throw .placeMismatch("it was saved in format 1, which holds a description of its context")
      }
    }
  }
}

extension PaginationFeature.Place {
  /// A list's context as a place saves it: its value when it is `Codable`, else a description.
  ///
  /// Equal places were saved alike; whether a place opens a list is ``PaginationFeature/State/check(_:)``'s
  /// answer, which compares values.
  public enum SavedContext: Hashable, Sendable {
    /// A `Codable` context: its type's name and its JSON (keys sorted). A list whose context is of
    /// that type opens the place when the JSON decodes as that type: in its own context when the
    /// two are equal (`==`), else in the place's, to which a restore switches.
    case encoded(type: String, json: String)
    /// A context that is not `Codable`: its type's name and a description of it, the same in every
    /// process (its stored properties, sets and dictionaries in sorted order; a type changes what it
    /// shows with `CustomReflectable`). Only a list whose context is described alike opens it.
    case described(type: String, description: String)
    /// A place of format 1 (written by 0.1.0, read and never written): the context as
    /// `String(reflecting:)` printed it. Only a list whose context prints the same (load addresses
    /// aside) opens it, so a context holding a set may be refused, as it was then; a place saved
    /// again is saved in format 2, which does not depend on the process.
    case reflected(String)

    /// `context` as a place saves it.
    init(_ context: any PaginationContext) {
      let type = PlaceIdentity.name(of: Swift.type(of: context))
      if let json = PlaceIdentity.json(of: context) {
        self = .encoded(type: type, json: json)
      } else {
        self = .described(type: type, description: StableDescription.of(context))
      }
    }

    /// The context a list in `current` opens this saved context in: nil for `current` itself, or
    /// the saved one, of the same type, read back; throws when the list cannot open it.
    func opening(in current: any PaginationContext) throws(PaginationError) -> (any PaginationContext)? {
      func open<Context: PaginationContext>(_ current: Context) throws(PaginationError) -> (any PaginationContext)? {
        let name = PlaceIdentity.name(of: Context.self)
        switch self {
        case .encoded(let type, let json):
          guard StableDescription.withoutLoadAddresses(type) == name else {
            throw .placeMismatch("the place is in a list of \(type), this one of \(name)")
          }
          guard let saved = PlaceIdentity.decode(json, as: Context.self) else {
            throw .placeMismatch("the place's context \(json) cannot be read as a \(name)")
          }
          return saved == current ? nil : saved
        case .described(let type, let description):
          let own = StableDescription.of(current)
          guard StableDescription.withoutLoadAddresses(type) == name, description == own else {
            throw .placeMismatch("the place is in the list of \(type) \(description), this one of \(name) \(own)")
          }
          return nil
        case .reflected(let text):
          let own = StableDescription.withoutLoadAddresses(String(reflecting: current))
          guard StableDescription.withoutLoadAddresses(text) == own else {
            throw .placeMismatch("the place is in the list of \(text), this one is of \(own)")
          }
          return nil
        }
      }
      return try open(current)
    }
  }
}

extension PaginationFeature.Place: Equatable {}

extension PaginationFeature.Place: Codable where Element.ID: Codable {
  private enum CodingKeys: String, CodingKey {
    case version, elementType, contextType, contextJSON, contextDescription, context, anchor, selection
    case selectionOffset
  }

  /// Decodes a place of this format or of format 1; throws
  /// ``PaginationError/placeFromNewerVersion(_:)`` for a place written by a newer version of the
  /// library, and the decoder's error for one that is damaged or truncated.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    guard version <= Self.currentVersion else { throw PaginationError.placeFromNewerVersion(version) }
    guard version >= 1 else {
      throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "no such format")
    }
    elementType = try container.decode(String.self, forKey: .elementType)
    if version == 1 {
      context = .reflected(try container.decode(String.self, forKey: .context))
    } else if let json = try container.decodeIfPresent(String.self, forKey: .contextJSON) {
      context = .encoded(type: try container.decode(String.self, forKey: .contextType), json: json)
    } else {
      context = .described(
        type: try container.decode(String.self, forKey: .contextType),
        description: try container.decode(String.self, forKey: .contextDescription))
    }
    anchor = try container.decode(Element.ID.self, forKey: .anchor)
    selection = try container.decode(Element.ID.self, forKey: .selection)
    selectionOffset = try container.decodeIfPresent(Int.self, forKey: .selectionOffset)
  }

  /// Encodes the place.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(elementType, forKey: .elementType)
    switch context {
    case .encoded(let type, let json):
      try container.encode(type, forKey: .contextType)
      try container.encode(json, forKey: .contextJSON)
    case .described(let type, let description):
      try container.encode(type, forKey: .contextType)
      try container.encode(description, forKey: .contextDescription)
    case .reflected(let text):
      try container.encode(text, forKey: .context)
    }
    try container.encode(anchor, forKey: .anchor)
    try container.encode(selection, forKey: .selection)
    try container.encodeIfPresent(selectionOffset, forKey: .selectionOffset)
  }
}

extension PaginationFeature.State {
  /// The user's place in the list (the element on screen, the selection and how far apart they
  /// are, the context): nil for an empty window.
  public var place: PaginationFeature<Element>.Place? {
    let onScreen = lastVisible.flatMap { elements.contains(id: $0) ? $0 : nil }
    if let reach, let onScreen, let index = elements.index(id: onScreen) {  // still loading toward its selection
      return .init(
        anchor: onScreen, selection: reach.target, selectionOffset: selectionOffset(from: index), context: context)
    }
    let selected = elements.contains(id: selection) ? selection : nil
    guard let anchor = onScreen ?? selected, let anchorIndex = elements.index(id: anchor) else { return nil }
    let offset = (selectionIndex ?? anchorIndex) - anchorIndex
    return .init(anchor: anchor, selection: selected ?? anchor, selectionOffset: offset, context: context)
  }

  /// Throws when `place` cannot open this list: it was saved for another element type
  /// (``PaginationError/placeMismatch(_:)``), or by a newer version of the library, or for a
  /// context that this list's cannot stand for: one of another type, one that is not `Codable`
  /// and differs from this list's, or one that cannot be read back. A `Codable` context of this
  /// list's type that differs from it is no mismatch: ``PaginationFeature/Action/restore(_:)``
  /// switches to it.
  public func check(_ place: PaginationFeature<Element>.Place) throws(PaginationError) {
    _ = try context(opening: place)
  }

  /// The context `place` opens this list in: nil for the list's own, else the place's (a
  /// `Codable` context of the same type, read back); throws as ``check(_:)`` does.
  @usableFromInline
  func context(opening place: PaginationFeature<Element>.Place) throws(PaginationError) -> (any PaginationContext)? {
    guard place.version <= PaginationFeature<Element>.Place.currentVersion else {
      throw .placeFromNewerVersion(place.version)
    }
    let elementType = PlaceIdentity.name(of: Element.self)
    guard StableDescription.withoutLoadAddresses(place.elementType) == elementType else {
      throw .placeMismatch("the place is in a list of \(place.elementType), this one of \(elementType)")
    }
    return try place.context.opening(in: context)
  }

  /// Opens the window at `place`: the page around its element, which stays on screen, with the
  /// selection selected (loading toward it when that page does not hold it; when the list no
  /// longer holds it, the element nearest it; when that page is empty, the list's start). Once the
  /// page is in, a refresh revalidates it, at once when online, when the network is back
  /// otherwise. A place in another context of this list's type switches to that context first, as
  /// a reset does; a place from another list is ignored, with a warning.
  @inlinable
  mutating func restore(_ place: PaginationFeature<Element>.Place, rules: Rules) -> [Command] {
    let other: (any PaginationContext)?
    do {
      other = try context(opening: place)
    } catch {
      RuntimeWarning.emit("A place that cannot open this list was ignored: \(error)")
      return []
    }
    let around = PageRequest.Position.around(rules.anchorCursor(place.anchor))
    let intent = Intent.restore(anchor: place.anchor, selection: place.selection, offset: place.selectionOffset)
    guard let other else { return reload(around, intent: intent) }
    return switchContext(to: other, at: around, intent: intent)
  }
}
