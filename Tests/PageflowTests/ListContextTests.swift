import Pageflow
import Testing

/// A list reads its context back as the type it was given, as its loader does.
struct ListContextTests {
  @Test func theListReadsItsContextAsItsOwnType() throws {
    struct Folder: PaginationContext { var name: String }
    let list = Feature.State(context: Folder(name: "inbox"), selection: 0, elements: [Message(0)])
    #expect(try list.context(as: Folder.self) == Folder(name: "inbox"))
    #expect(throws: PaginationError.contextTypeMismatch(expected: "NoPaginationContext", actual: "Folder")) {
      try list.context(as: NoPaginationContext.self)
    }
  }
}
