#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run -c release pageflow-bench [--json] [--filter NAME] [--quick]`: Pageflow's performance,
/// each figure beside a naive implementation and a floor measured in the same run.
let usage = """
  usage: pageflow-bench [--json] [--filter NAME] [--quick]

  Measures taking in a page, moving the selection and looking up an element with 1k, 10k, 100k and
  1M elements loaded, a jump away from a window of 1k and 1M rows, a page taken in while the window
  evicts, a row on screen while 1k to 100k new elements wait unseen beyond the window
  (element_appeared_unseen), and what the store adds to a reducer. Each figure is printed beside a naive
  implementation (pages flattened and de-duplicated on every access) and a floor (a plain array
  and dictionary), all measured in this run. The sqlite_ figures page through a table of 1M rows
  in a temporary folder: keyset pages against LIMIT/OFFSET (naive) at depths 0 to 1M, a page read
  through PageflowSQLite against the same keyset query through the SQLite C API (floor; and the same
  at depths 0, 500k and 1M of a second table, sorted by a date then the id), the table's build
  against a C-API insert loop into the same schema, the bytes on disk per row against the bytes of
  the rows' values, a network page written.
  Last, scroll_sim: a user scrolling down a list in virtual time, over a server with a latency,
  with prefetch, eviction and landing policies side by side (stalls, requests, elements held),
  scroll_sim_flaky: the same scroll over a network that drops 5% or 20% of answers or goes down
  for 10 s, with three retry policies side by side, and scroll_sim_fling: flings of 100, 1,000
  and 5,000 rows from rest, with and without the list told where they land (its app counting
  rows, or finding the landing in points as a SwiftUI list does), and the slow scroll with those
  landings (scroll_sim_fling_slow).
  Build in release: swift run -c release pageflow-bench

    --json          one JSON object per line: name, size, pageflow_ns, naive_ns, floor_ns (scroll_sim
                    rows: speed, latency_ms, page_size, policy, stall_share, requests, peak_elements;
                    sqlite_bytes_per_row: pageflow_bytes, naive_bytes, floor_bytes instead of _ns;
                    scroll_sim_flaky rows add failure_rate, outage_s, failures, recovery_ms;
                    scroll_sim_fling rows: rows, policy, loaded_after_ms, requests, round_trip_ms;
                    scroll_sim_fling_slow rows: a scroll_sim row of the slow scroll with landings)
    --filter NAME   only the benchmarks whose name contains NAME (e.g. store_send, append_page, scroll_sim)
    --quick         every benchmark at tiny sizes, one round of two samples: every kind of row in a few
                    seconds, even from a debug build (to check the output; its figures measure nothing)
  """

var arguments = Array(CommandLine.arguments.dropFirst())
var asJSON = false
var filter: String?
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--json": asJSON = true
  case "--quick": break  // read by BenchmarkScale.current
  case "--filter" where !arguments.isEmpty: filter = arguments.removeFirst()
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    print("unknown argument: \(argument)\n\n\(usage)")
    exit(2)
  }
}

/// A benchmark: the names of the figures it makes, and how to make them at a size.
struct Benchmark {
  let names: [String]
  let run: @MainActor (_ size: Int, _ samples: Int) -> [BenchmarkResult]

  init(_ name: String, run: @escaping @MainActor (_ size: Int, _ samples: Int) -> BenchmarkResult) {
    self.names = [name]
    self.run = { [run($0, $1)] }
  }

  init(_ names: [String], run: @escaping @MainActor (_ samples: Int) -> [BenchmarkResult]) {
    self.names = names
    self.run = { run($1) }
  }

  /// Whether `filter` (from `--filter`) selects it.
  func isSelected(by filter: String?) -> Bool {
    Self.isSelected(names, by: filter)
  }

  /// Whether `filter` selects a benchmark that makes the figures `names`: no filter selects all.
  static func isSelected(_ names: [String], by filter: String?) -> Bool {
    filter.map { filter in names.contains { $0.contains(filter) } } ?? true
  }
}

let sizes = BenchmarkScale.current.listSizes
let listBenchmarks = [
  Benchmark("append_page") { PaginationBenchmarks.takePage(at: .bottom, size: $0, samples: $1) },
  Benchmark("prepend_page") { PaginationBenchmarks.takePage(at: .top, size: $0, samples: $1) },
  Benchmark("select_next") { PaginationBenchmarks.selectNext(size: $0, samples: $1) },
  Benchmark("element_lookup") { PaginationBenchmarks.elementLookup(size: $0, samples: $1) },
  Benchmark("store_update_element") { StoreBenchmarks.storeUpdateElement(size: $0, samples: $1) },
]
/// The window: a jump far away, a page taken in while evicting.
let windowBenchmarks = [
  Benchmark(JumpBenchmarks.names) { JumpBenchmarks.run(samples: $0) },
  Benchmark(EvictionBenchmarks.names) { EvictionBenchmarks.run(samples: $0) },
  Benchmark(ChangesBenchmarks.names) { ChangesBenchmarks.run(samples: $0) },
  Benchmark(UnseenBenchmarks.names) { UnseenBenchmarks.run(samples: $0) },
]
let storeOverhead = Benchmark(["store_send", "reduce_direct"]) {
  StoreBenchmarks.storeOverhead(samples: $0)
}
let observedSend = Benchmark(["store_send_observed", "store_send_observed_whole"]) {
  ObservationBenchmarks.sendCost(samples: $0)
}
let sqliteStore = Benchmark(SQLiteBenchmarks.names) { samples in
  do {
    return try SQLiteBenchmarks.run(samples: samples)
  } catch {
    SQLiteBenchmarks.tearDown()
    print("pageflow-bench: the SQLite benchmarks failed: \(error)")
    exit(1)
  }
}

/// Every size is measured in `rounds` rounds over the whole run, `samplesPerRound` samples each,
/// and each figure is the best of all its samples: the samples of one figure are then tens of seconds
/// apart, so that a busy spell of a shared machine cannot decide a figure, or a ratio between
/// sizes, on its own.
let rounds = BenchmarkScale.current.rounds
let samplesPerRound = BenchmarkScale.current.samplesPerRound

@MainActor
func runAll() -> [BenchmarkResult] {
  #if DEBUG
    if !asJSON { print("Note: a debug build; measure with -c release.\n") }
  #endif
  var results: [BenchmarkResult] = []
  func record(_ new: [BenchmarkResult]) {
    for result in new {
      if let index = results.firstIndex(where: { $0.name == result.name && $0.size == result.size }) {
        results[index] = results[index].best(with: result)
      } else {
        results.append(result)
      }
    }
  }
  // Warm up (code paths, allocator, clock) so that the first figure is not the slowest.
  blackHole(PaginationBenchmarks.takePage(at: .bottom, size: sizes[0], samples: 3))
  for _ in 0..<rounds {
    for size in sizes {
      for benchmark in listBenchmarks where benchmark.isSelected(by: filter) {
        record(benchmark.run(size, samplesPerRound))
      }
    }
    for benchmark in windowBenchmarks where benchmark.isSelected(by: filter) {
      record(benchmark.run(0, samplesPerRound))
    }
    if storeOverhead.isSelected(by: filter) { record(storeOverhead.run(0, samplesPerRound)) }
    if observedSend.isSelected(by: filter) { record(observedSend.run(0, samplesPerRound)) }
    if sqliteStore.isSelected(by: filter) { record(sqliteStore.run(0, samplesPerRound)) }
  }
  SQLiteBenchmarks.tearDown()
  return results
}

/// Prints `rows` as JSON, one per line; exits with status 1 if one cannot be written.
func printJSON(_ rows: [any Encodable]) {
  for row in rows {
    do {
      print(try JSONLine.encode(row))
    } catch {
      print("pageflow-bench: a row could not be written as JSON: \(error)")
      exit(1)
    }
  }
}

let results = MainActor.assumeIsolated { runAll() }
if asJSON { printJSON(results) } else if !results.isEmpty { print(Report.table(results)) }

// The redraws of views during a scroll: counts, the same in every run.
if Benchmark.isSelected(["observation_scroll"], by: filter) {
  let scroll = MainActor.assumeIsolated { ObservationBenchmarks.scroll() }
  if asJSON { printJSON(scroll.jsonRows) } else { print((results.isEmpty ? "" : "\n") + scroll.table) }
}

// The scroll simulation runs once, after the rest: its figures are virtual time, but for the
// reducer's cost per page, whose replays are sampled like the other figures.
if Benchmark.isSelected(ScrollBenchmarks.names, by: filter) {
  let scroll = ScrollBenchmarks.run(samples: samplesPerRound)
  if asJSON { printJSON(scroll.jsonRows) } else { print((results.isEmpty ? "" : "\n") + scroll.table) }
}

// The same scroll over a network that fails: virtual time only.
if Benchmark.isSelected(FlakyScrollBenchmarks.names, by: filter) {
  let flaky = FlakyScrollBenchmarks.run()
  if asJSON { printJSON(flaky.jsonRows) } else { print("\n" + flaky.table) }
}

// Flings from rest, told where they land or not: virtual time only.
if Benchmark.isSelected(FlingBenchmarks.names, by: filter) {
  let flings = FlingBenchmarks.run()
  if asJSON { printJSON(flings.jsonRows) } else { print("\n" + flings.table) }
}
