import Foundation
import Pageflow
import Testing

/// A `Link` header reads as RFC 8288 writes it, in the shapes servers send: quoted or bare
/// relations, several relations in one, relative targets, spaces, and commas or semicolons inside a
/// target or a quoted parameter.
struct LinkHeaderTests {
  let base = URL(string: "https://api.example.com/repos/o/r/issues?page=2&per_page=20")

  @Test func relationsQuotedOrNotInAnyCaseAndSeveralInOne() {
    let links = LinkHeader(
      #"<https://a.example/3>; rel="next", <https://a.example/1>; REL=Prev, <https://a.example/0>; rel="first  last""#)
    #expect(links["next"]?.absoluteString == "https://a.example/3")
    #expect(links["prev"]?.absoluteString == "https://a.example/1")
    #expect(links["PREV"]?.absoluteString == "https://a.example/1")
    #expect(links["first"]?.absoluteString == "https://a.example/0")
    #expect(links["last"]?.absoluteString == "https://a.example/0")
    #expect(links.links.map(\.relations) == [["next"], ["prev"], ["first", "last"]])
  }

  @Test func relativeTargetsAreResolvedAgainstTheRequestURL() {
    let links = LinkHeader(#"</repos/o/r/issues?page=3&per_page=20>; rel="next", <?page=1>; rel="prev""#, base: base)
    #expect(links["next"]?.absoluteString == "https://api.example.com/repos/o/r/issues?page=3&per_page=20")
    #expect(links["prev"]?.absoluteString == "https://api.example.com/repos/o/r/issues?page=1")
    #expect(
      LinkHeader("<../pulls>; rel=next", base: base)["next"]?.absoluteString == "https://api.example.com/repos/o/pulls")
  }

  @Test func commasAndSemicolonsInsideATargetOrAQuotedValueDoNotSplitLinks() {
    let links = LinkHeader(
      #"<https://a.example/items?ids=1,2;3>; title="one, two; three"; rel="next",<https://a.example/items?ids=0>;rel=prev"#
    )
    #expect(links.links.count == 2)
    #expect(links["next"]?.absoluteString == "https://a.example/items?ids=1,2;3")
    #expect(links.links.first?.parameters["title"] == "one, two; three")
    #expect(links["prev"]?.absoluteString == "https://a.example/items?ids=0")
  }

  @Test func spacesWhereverTheGrammarAllowsThemAndInsideTheBrackets() {
    let links = LinkHeader("  < https://a.example/2 >  ;  rel = \"next\"  ,\t<https://a.example/0>;rel=\"prev\"  ")
    #expect(links["next"]?.absoluteString == "https://a.example/2")
    #expect(links["prev"]?.absoluteString == "https://a.example/0")
  }

  @Test func aLinkThatCannotBeReadIsSkippedAndTheOthersCount() {
    let links = LinkHeader(#"garbage; rel="prev", <https://a.example/2>; rel="next""#)
    #expect(links["prev"] == nil)
    #expect(links["next"]?.absoluteString == "https://a.example/2")
    // The first `rel` counts, later ones are ignored; a quoted value keeps its escaped quote.
    let repeated = LinkHeader(#"<https://a.example/2>; rel=next; rel=prev; title="a \"b\"""#)
    #expect(repeated.links.first?.relations == ["next"])
    #expect(repeated.links.first?.parameters["title"] == #"a "b""#)
  }

  @Test func noHeaderHoldsNoLink() {
    #expect(LinkHeader(nil).links.isEmpty)
    #expect(LinkHeader("").links.isEmpty)
    #expect(LinkHeader(" , ,").links.isEmpty)
  }
}
