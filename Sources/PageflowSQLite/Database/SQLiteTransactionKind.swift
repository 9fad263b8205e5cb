/// How a transaction takes SQLite's write lock.
public enum SQLiteTransactionKind: String, Hashable, Sendable {
  /// Takes a read snapshot at the first read and the write lock at the first write: for reads that
  /// must see one state (several queries agreeing with each other).
  case deferred = "DEFERRED"
  /// Takes the write lock at once (waiting up to the busy timeout for another writer): for writes,
  /// so that a transaction never fails half-way because another connection wrote first.
  case immediate = "IMMEDIATE"
}
