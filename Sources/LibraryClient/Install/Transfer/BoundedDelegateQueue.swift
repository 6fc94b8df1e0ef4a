import Foundation

/// The delegate queue of one download's URLSession: a bounded hand-off from the session's
/// network thread to ONE consumer thread of its own, in order.
///
/// On Linux, FoundationNetworking hands every ~16 KB libcurl delivers to the delegate queue with
/// `addOperation` and never waits, so a delegate slower than the network (a file write stalled by
/// the kernel's dirty-page throttling, hashing) made the backlog — and the process's memory —
/// grow without bound. Here `addOperation` blocks the network thread while `capacity` blocks are
/// waiting (libcurl then stops reading the socket and TCP slows the server down), which bounds
/// the backlog to about `capacity` × 16 KB. It also skips the per-block `BlockOperation` and
/// dispatch of a plain `OperationQueue`, and wakes the consumer once per few blocks.
///
/// Rules for the delegate (it runs on the consumer thread): never call a blocking method of the
/// task or session (`cancel()` waits for the network thread, which may be waiting for this
/// queue): hand such calls to another queue.
///
/// After ``close()`` (the attempt is over), blocks still submitted — the session's "became
/// invalid" callback — run on a plain `OperationQueue`, so nothing is dropped.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let condition = NSCondition()
    private var blocks: [() -> Void] = []
    private var head = 0
    private let capacity: Int
    private var closed = false
    private var consumerWaiting = false
    private var producerWaiting = false

    /// Blocks queued before a waiting consumer is woken (it also wakes every 2 ms on its own).
    private static let wakeBatch = 4

    init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
        super.init()
        maxConcurrentOperationCount = 1
        let thread = Thread { [self] in consume() }
        thread.name = "soundshelf.download-delegate"
        thread.stackSize = 1 << 20
        thread.start()
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        while blocks.count - head >= capacity && !closed {
            producerWaiting = true
            condition.wait()
        }
        if closed {
            condition.unlock()
            super.addOperation(BlockOperation(block: block))
            return
        }
        blocks.append(block)
        if consumerWaiting && blocks.count - head >= Self.wakeBatch { condition.broadcast() }
        condition.unlock()
    }

    override func addOperation(_ op: Operation) {
        if condition.withLock({ closed }) {
            super.addOperation(op)
        } else {
            addOperation { op.start() }
        }
    }

    /// Lets the consumer finish what is queued, then stop; later blocks go to a plain queue.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    private func consume() {
        while true {
            condition.lock()
            while head == blocks.count && !closed {
                consumerWaiting = true
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.002))
                consumerWaiting = false
            }
            if head == blocks.count {
                condition.unlock()
                return
            }
            let block = blocks[head]
            head += 1
            if head == blocks.count {
                blocks.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024 {
                blocks.removeFirst(head)
                head = 0
            }
            if producerWaiting && blocks.count - head <= capacity / 2 {
                producerWaiting = false
                condition.broadcast()
            }
            condition.unlock()
            block()
        }
    }
}
