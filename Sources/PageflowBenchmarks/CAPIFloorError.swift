/// A failure of the floor's own SQLite calls.
struct CAPIFloorError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}
