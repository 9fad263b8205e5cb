/// The messages of the simulated channel, generated inside SQLite by one statement: a million rows
/// take a second or two, whatever the Swift build, because no row crosses into Swift.
///
/// Message `i` is sent 31 seconds after message `i - 1`, give or take up to 22 seconds (the dates
/// increase with the id, from 1 January 2026), by one of eight authors, with three to five words
/// picked by a hash of `i`. About one in 23 mentions the reader; the newest 1,200 messages and about
/// one in 97 older ones are unread. The same count always gives the same channel.
enum MessageGenerator {
  /// The 32 words of the messages.
  static let words = [
    "shipped", "the", "cursor", "window", "keyset", "page", "offline", "again", "refresh", "jump", "gap",
    "prefetch", "latency", "scroll", "reducer", "effect", "store", "looks", "good", "to", "me", "merge",
    "deploy", "lunch", "coffee", "tests", "green", "friday", "retro", "review", "later", "thanks",
  ]

  /// The eight authors.
  static let authors = ["ada", "bo", "cleo", "dev", "eve", "finn", "gus", "hana"]

  /// The date of message 0: 2026-01-01 00:00 UTC, in seconds since 2001 (what a `Date` holds).
  static let firstDate = 788_918_400.0

  /// How many of the newest messages are unread.
  static let unreadTail = 1_200

  /// Inserts messages 0 ..< `?1` into `messages`. The recursion that counts the ids also steps
  /// four linear congruential generators (modulo 2³¹, full period), one per row; each choice (the
  /// author, the words, the length, the mention, the older unread messages) reads its own high bits
  /// of them, the well-mixed ones.
  static let insertSQL: String = {
    let wordList = words.map { $0.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined()
    let authorList = authors.map { $0.padding(toLength: 5, withPad: " ", startingAt: 0) }.joined()
    /// Bits `shift` and up of generator `stream`, modulo `count`.
    func pick(_ stream: String, _ shift: Int, _ count: Int) -> String { "((\(stream) >> \(shift)) % \(count))" }
    func word(_ stream: String, _ shift: Int) -> String {
      "rtrim(substr('\(wordList)', 1 + 10 * \(pick(stream, shift, 32)), 10))"
    }
    func step(_ stream: String, _ multiplier: Int, _ increment: Int) -> String {
      "(\(stream) * \(multiplier) + \(increment)) % 2147483648"
    }
    let mention = "(\(pick("s", 24, 23)) = 0)"
    let length = pick("t", 26, 3)
    return """
      WITH RECURSIVE n(i, s, t, u, v) AS (
        SELECT 0, 11, 22, 33, 44
        UNION ALL
        SELECT i + 1, \(step("s", 1_103_515_245, 12_345)), \(step("t", 22_695_477, 1)),
          \(step("u", 214_013, 2_531_011)), \(step("v", 134_775_813, 1))
        FROM n WHERE i + 1 < ?1
      )
      INSERT INTO messages (id, created, author, text, mention, unread)
      SELECT
        i,
        \(firstDate) + i * 31 + (i * 7919) % 23,
        rtrim(substr('\(authorList)', 1 + 5 * \(pick("s", 16, 8)), 5)),
        (CASE WHEN \(mention) THEN '@you ' ELSE '' END)
          || \(word("s", 19)) || ' ' || \(word("t", 16)) || ' ' || \(word("t", 21))
          || (CASE WHEN \(length) > 0 THEN ' ' || \(word("u", 16)) ELSE '' END)
          || (CASE WHEN \(length) > 1 THEN ' ' || \(word("u", 21)) ELSE '' END),
        \(mention),
        (i >= ?1 - \(unreadTail) OR \(pick("v", 16, 97)) = 0)
      FROM n
      """
  }()
}
