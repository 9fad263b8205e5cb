import Foundation
import PageflowTestSupport
import Testing

/// `pageflow-bench --json` run end to end, at `--quick` sizes: what it prints is one JSON object
/// per line, whatever the rows hold.
struct BenchJSONOutputTests {
  /// The `pageflow-bench` executable of this build, found in the build's products folder (this test
  /// target depends on its target, so `swift build --build-tests` builds it).
  func executable() throws -> URL {
    try BuildProducts.executable("pageflow-bench")
  }

  @Test func everyLineOfAQuickRunIsAJSONObjectWithAName() throws {
    let child = Process()
    child.executableURL = try executable()
    child.arguments = ["--quick", "--json"]
    child.standardInput = FileHandle.nullDevice
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    #expect(child.terminationStatus == 0)

    var names: Set<String> = []
    var viewReads: [String] = []
    for line in printed.split(separator: UInt8(ascii: "\n")) {
      let text = String(decoding: line, as: UTF8.self)
      let row = try #require(
        try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], "not a JSON object: \(text)")
      let name = try #require(row["name"] as? String, "a row without a name: \(text)")
      names.insert(name)
      if name == "observation_scroll", let reads = row["reads"] as? String { viewReads.append(reads) }
      // A figure beside a floor says its ratio to the floor and how many paired rounds it comes from.
      if row["floor_ns"] is Double {
        #expect(row["pageflow_floor_ratio"] is Double && (row["paired_rounds"] as? Int ?? 0) > 0, "\(text)")
      }
    }
    // Every kind of row is there: figures (in nanoseconds and in bytes), redraws, scrolls, onsets.
    let kinds: Set = [
      "append_page", "prepend_page", "select_next", "element_lookup", "store_update_element", "jump_to_element",
      "release_window", "append_page_evicting", "append_page_no_evict", "changes_append_evicting", "changes_append",
      "element_appeared_unseen",
      "store_send", "reduce_direct",
      "store_send_observed", "store_send_observed_whole", "sqlite_build_table", "sqlite_bytes_per_row",
      "sqlite_keyset_page", "sqlite_disk_page", "sqlite_disk_page_date_id", "sqlite_write_page", "observation_scroll",
      "scroll_sim",
      "scroll_sim_onset", "scroll_sim_flaky", "scroll_sim_fling", "scroll_sim_fling_slow",
    ]
    #expect(names == kinds)
    // A view's label that holds a key path comes back as it was written, backslash included.
    #expect(viewReads.contains(#"one element (read(\.elements[id: 5]))"#))
  }
}
