import Foundation
import Pageflow
import Testing

/// A message whose type is private: Swift prints its name with the address it was loaded at.
private struct PrivateMessage: Identifiable, Sendable {
  var id: Int
}

/// A context whose type is private.
private struct PrivateFolder: PaginationContext {
  var name: String
}

/// What a saved place names its list by is the same in every process: a set or a dictionary in
/// its context counts whatever order it iterates in (hashing is seeded per process), and a private
/// type is named without its load address.
struct PlaceIdentityTests {
  /// A context holding a set and a dictionary, not Codable.
  struct Labels: PaginationContext {
    var labels: Set<String>
    var counts: [String: Int]
  }

  /// The same, Codable.
  struct CodableLabels: PaginationContext, Codable {
    var labels: Set<String>
    var counts: [String: Int]
  }

  /// Twenty labels, inserted in order.
  static let labels = Set((1...20).map { "label-\($0)" })
  /// Twenty counts, inserted in order.
  static let counts = Dictionary(uniqueKeysWithValues: (1...20).map { ("c\($0)", $0) })

  /// The same labels and counts, iterated in another order (as in another process).
  static func reordered() throws -> (Set<String>, [String: Int]) {
    var labels = Set<String>(minimumCapacity: 1_000)
    var counts = [String: Int](minimumCapacity: 1_000)
    for number in (1...20).reversed() {
      labels.insert("label-\(number)")
      counts["c\(number)"] = number
    }
    try #require(labels == Self.labels && Array(labels) != Array(Self.labels))
    try #require(counts == Self.counts && Array(counts.keys) != Array(Self.counts.keys))
    return (labels, counts)
  }

  @Test func aContextHoldingASetOrADictionaryOpensItsListWhateverOrderTheyIterateIn() throws {
    let (labels, counts) = try Self.reordered()
    let place = Feature.Place(anchor: 1, selection: 1, context: Labels(labels: Self.labels, counts: Self.counts))
    let list = Feature.State(context: Labels(labels: labels, counts: counts), selection: 0, elements: [Message(0)])
    #expect(throws: Never.self) { try list.check(place) }

    let codable = Feature.Place(
      anchor: 1, selection: 1, context: CodableLabels(labels: Self.labels, counts: Self.counts))
    let codableList = Feature.State(
      context: CodableLabels(labels: labels, counts: counts), selection: 0, elements: [Message(0)])
    #expect(throws: Never.self) { try codableList.check(codable) }
  }

  @Test func aPrivateTypeIsSavedWithoutItsLoadAddress() throws {
    let place = PaginationFeature<PrivateMessage>.Place(
      anchor: 1, selection: 1, context: PrivateFolder(name: "inbox"))
    let saved = String(decoding: try JSONEncoder().encode(place), as: UTF8.self)
    #expect(!saved.contains("unknown context"))
    #expect(saved.contains("PageflowTests.PrivateMessage") && saved.contains("PageflowTests.PrivateFolder"))
  }

  @Test func aContextThatIsNotCodableIsSavedAsADescriptionWithItsSetsAndDictionariesSorted() throws {
    let (labels, counts) = try Self.reordered()
    let place = Feature.Place(anchor: 1, selection: 1, context: Labels(labels: labels, counts: counts))
    let sortedLabels = (1...20).map { #""label-\#($0)""# }.sorted().joined(separator: ", ")
    let sortedCounts = (1...20).map { #"(key: "c\#($0)", value: \#($0))"# }.sorted().joined(separator: ", ")
    #expect(
      place.context
        == .described(
          type: "PageflowTests.PlaceIdentityTests.Labels",
          description: "(labels: [\(sortedLabels)], counts: [\(sortedCounts)])"))
    // Another value of the same type is another list.
    let fewer = Feature.State(context: Labels(labels: ["label-1"], counts: counts), selection: 0, elements: [])
    #expect(throws: PaginationError.self) { try fewer.check(place) }
  }

  @Test func aContextThatCannotBeReadBackIsSavedAsADescription() throws {
    struct Sent: PaginationContext, Encodable { var folder: String }  // encodes, but cannot be decoded
    let sent = Feature.Place(anchor: 1, selection: 1, context: Sent(folder: "sent"))
    #expect(
      sent.context == .described(type: "PageflowTests.PlaceIdentityTests.Sent", description: #"(folder: "sent")"#))
    let sentList = Feature.State(context: Sent(folder: "sent"), selection: 0, elements: [Message(0)])
    #expect(throws: Never.self) { try sentList.check(sent) }

    struct Threshold: PaginationContext, Codable { var score: Double }
    let place = Feature.Place(anchor: 1, selection: 1, context: Threshold(score: .infinity))  // no JSON number
    #expect(
      place.context == .described(type: "PageflowTests.PlaceIdentityTests.Threshold", description: "(score: inf)"))
    let list = Feature.State(context: Threshold(score: .infinity), selection: 0, elements: [Message(0)])
    #expect(throws: Never.self) { try list.check(place) }
  }

  @Test func aPlaceOfFormat1IsStillReadAndOpensItsListOnly() throws {
    // Written by the library's previous format, in a process that loaded the private types elsewhere.
    let saved = #"""
      {"anchor":1,"selection":1,"context":"PageflowTests.(unknown context at $55d180136de8).PrivateFolder(name: \"inbox\")",\#
      "version":1,"elementType":"PageflowTests.(unknown context at $55d180136d68).PrivateMessage"}
      """#
    let place = try JSONDecoder().decode(PaginationFeature<PrivateMessage>.Place.self, from: Data(saved.utf8))
    #expect(place.version == 1 && place.selectionOffset == nil)
    let inbox = PaginationFeature<PrivateMessage>.State(
      context: PrivateFolder(name: "inbox"), selection: 0, elements: [PrivateMessage(id: 0)])
    #expect(throws: Never.self) { try inbox.check(place) }
    var sent = inbox
    sent.context = PrivateFolder(name: "sent")  // format 1 holds no value to switch to: another list
    #expect(throws: PaginationError.self) { try sent.check(place) }
    let again = try JSONEncoder().encode(place)  // written back as it was read
    #expect(try JSONDecoder().decode(PaginationFeature<PrivateMessage>.Place.self, from: again) == place)
  }
}
