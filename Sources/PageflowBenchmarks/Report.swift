import Foundation

/// Prints results as a table with the performance targets checked, or as JSON lines.
enum Report {
  /// One JSON object per line.
  static func json(_ results: [BenchmarkResult]) -> String {
    results.map(\.json).joined(separator: "\n")
  }

  /// A readable table, the targets, and the machine it ran on.
  static func table(_ results: [BenchmarkResult]) -> String {
    var lines = [
      pad("benchmark", 22) + pad("loaded", 11, right: true) + pad("pageflow", 12, right: true)
        + pad("naive", 12, right: true) + pad("floor", 12, right: true) + pad("naive/pageflow", 16, right: true)
        + pad("pageflow/floor", 16, right: true)
    ]
    for result in results {
      lines.append(
        pad(result.name, 22) + pad(result.size == 0 ? "–" : grouped(result.size), 11, right: true)
          + pad(duration(result.pageflow), 12, right: true) + pad(result.naive.map(duration) ?? "–", 12, right: true)
          + pad(result.floor.map(duration) ?? "–", 12, right: true)
          + pad(result.naive.map { ratio($0 / result.pageflow) } ?? "–", 16, right: true)
          + pad(result.floor.map { ratio(result.pageflow / $0) } ?? "–", 16, right: true))
    }
    let checks = targets(results)
    if !checks.isEmpty {
      lines.append("")
      lines.append("Targets (../shared/DESIGN.md § Performance):")
      lines += checks.map { "  " + $0 }
    }
    lines.append("")
    lines.append(
      "Times are per operation, the best of \(rounds * samplesPerRound) samples taken in \(rounds) rounds over the run (each the"
    )
    lines.append("mean of many operations); one operation is one page taken in, one selection move, one lookup")
    lines.append("or one send.")
    lines.append("Machine: \(machine).")
    return lines.joined(separator: "\n")
  }

  /// Each target, its measured figure, and whether it is met.
  static func targets(_ results: [BenchmarkResult]) -> [String] {
    func find(_ name: String, _ size: Int) -> BenchmarkResult? {
      results.first { $0.name == name && $0.size == size }
    }
    var lines: [String] = []
    for name in ["append_page", "prepend_page"] {
      if let small = find(name, 1_000), let large = find(name, 1_000_000) {
        let growth = large.pageflow / small.pageflow
        lines.append(
          check(growth <= 2, "\(name): per page at 1M loaded is \(ratio(growth)) the cost at 1k (target ≤ 2x)"))
      }
      if let small = find(name, 1_000)?.floor, let large = find(name, 1_000_000)?.floor {
        lines.append("  (the floor's own growth from 1k to 1M: \(ratio(large / small)))")
      }
    }
    for name in ["append_page", "prepend_page", "select_next"] {
      if let result = find(name, 100_000), let naive = result.naive {
        let speedup = naive / result.pageflow
        lines.append(
          check(speedup >= 100, "\(name) at 100k loaded: \(ratio(speedup)) faster than naive (target ≥ 100x)"))
      }
    }
    if let send = find("store_send", 0), let direct = send.floor {
      let overhead = send.pageflow / direct
      lines.append(check(overhead <= 3, "store_send: \(ratio(overhead)) the cost of reduce_direct (target ≤ 3x)"))
    }
    return lines
  }

  private static func check(_ isMet: Bool, _ text: String) -> String {
    (isMet ? "✓ " : "✗ ") + text
  }

  static var machine: String {
    let info = ProcessInfo.processInfo
    let memory = Double(info.physicalMemory) / 1_073_741_824
    return "\(cpuModel ?? "unknown CPU"), \(info.activeProcessorCount) cores, \(Int(memory.rounded())) GiB, "
      + "\(info.operatingSystemVersionString)"
  }

  private static var cpuModel: String? {
    guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
    let line = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
  }

  static func duration(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: String(format: "%.0f ns", nanoseconds)
    case ..<1_000_000: String(format: "%.1f µs", nanoseconds / 1_000)
    case ..<1_000_000_000: String(format: "%.1f ms", nanoseconds / 1_000_000)
    default: String(format: "%.2f s", nanoseconds / 1_000_000_000)
    }
  }

  static func ratio(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0fx", value) : String(format: "%.1fx", value)
  }

  static func grouped(_ value: Int) -> String {
    switch value {
    case 1_000_000...: "\(value / 1_000_000)M"
    case 1_000...: "\(value / 1_000)k"
    default: "\(value)"
    }
  }

  private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let space = String(repeating: " ", count: max(1, width - text.count))
    return right ? space + text : text + space
  }
}
