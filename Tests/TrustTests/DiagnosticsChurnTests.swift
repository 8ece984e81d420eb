import ComposableEnv
import Foundation
import Synchronization
import TestSupport
import Testing

/// Diagnostics while another thread derives and removes children. Before the fix, the
/// environment's children dictionary was copied (by `Mirror`) outside its lock: a crash.
@Suite("Diagnostics under churn")
struct DiagnosticsChurnTests {
  @Test func dependencyTreeAndProvenanceWhileChildrenAreDerivedAndRemoved() {
    let root = TrustRoot().with(\.label, "root")
    let stop = Atomic<Bool>(false)
    let churned = DispatchGroup()
    churned.enter()
    Thread {
      var index = 0
      while !stop.load(ordering: .relaxed) {
        let child = root.derived(TrustNode.self, id: index % 16)
        child.with(\.requestID, "\(index)")
        _ = child.next
        root.removeDerived(TrustNode.self, id: (index + 8) % 16)
        index += 1
      }
      churned.leave()
    }.start()
    let finished = finishes {
      for _ in 0..<300 {
        _ = root.dependencyTree()
        _ = root.dependencyTree(format: .dot)
        _ = root.derived(TrustNode.self, id: 3).provenance(of: \.label)
      }
    }
    stop.store(true, ordering: .relaxed)
    churned.wait()
    #expect(finished)
    #expect(root.provenance(of: \.label).description.contains("root"))
  }
}
