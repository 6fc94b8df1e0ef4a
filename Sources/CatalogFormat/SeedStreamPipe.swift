import Foundation

/// Work on each item that needs no more than the item and its pack (checks, rows encoded), done
/// on ``SeedStreamPipe``'s reading thread before the handler sees the item.
package protocol SeedItemPreparer {
    associatedtype Prepared: Sendable
    /// A pack's own fields, before its items.
    mutating func pack(_ pack: Seed.Pack, index: Int) throws
    /// What the handler receives with `item`; throwing stops the stream there, as the handler's
    /// own error at that item would.
    mutating func prepare(_ item: Seed.Item, pack: Int, index: Int) throws -> Prepared
}

/// A ``SeedStreamHandler`` that takes each item with what its ``SeedItemPreparer`` made of it.
package protocol PreparedSeedStreamHandler: SeedStreamHandler {
    associatedtype Preparer: SeedItemPreparer
    mutating func item(_ item: Seed.Item, prepared: Preparer.Prepared, pack: Int, index: Int) throws
}

/// Reads a seed with ``SeedStreamReader`` on a thread of its own and hands what it parses to a
/// handler on the caller's thread, in batches through a short bounded queue: parsing (and the
/// preparer's work on each item) overlaps with the handler's work on the items before (an
/// import's database writes), so the two take about the time of the slower instead of their sum.
/// Memory stays bounded: the reader waits while `capacity` batches are queued.
///
/// The handler sees the calls ``SeedStreamReader/read(into:)`` would make, in the same order,
/// and the errors the reader or the preparer throws after everything before them. When the
/// handler throws, the reader is stopped and its thread has ended before the error reaches the
/// caller.
///
/// ```swift
/// var writer = try SeedStreamWriter(db, file: name, now: now, updating: false)
/// try SeedStreamPipe.read(path: seedPath, into: &writer, preparer: writer.preparer())
/// ```
package final class SeedStreamPipe<Prepared: Sendable>: @unchecked Sendable {
    enum Event: Sendable {
        case begin(Seed)
        case pack(Seed.Pack, index: Int)
        case item(Seed.Item, Prepared, pack: Int, index: Int)
        case end(LoudnessTargets?)
    }

    private enum Slot: Sendable {
        case events([Event])
        case failed(any Error)
        case done
    }

    /// Thrown inside the reader's thread once the handler has stopped: unwinds the reader.
    private struct Stopped: Error {}

    private let condition = NSCondition()
    private let capacity: Int
    private let batchSize: Int
    // Guarded by `condition`.
    private var queue: [Slot] = []
    private var stopped = false
    private var finished = false

    private init(capacity: Int, batchSize: Int) {
        self.capacity = max(1, capacity)
        self.batchSize = max(1, batchSize)
    }

    /// Streams the seed at `path` into `handler`, parsing and preparing on a second thread.
    package static func read<H: PreparedSeedStreamHandler>(
        path: String, into handler: inout H, preparer: H.Preparer, batchSize: Int = 256, capacity: Int = 8
    ) throws where H.Preparer.Prepared == Prepared {
        let pipe = SeedStreamPipe(capacity: capacity, batchSize: batchSize)
        pipe.start(path: path, preparer: Handover(value: preparer))
        defer { pipe.stopAndWait() }
        try pipe.drain(into: &handler)
    }

    /// The preparer, moved to the reading thread and used there only.
    private struct Handover<P>: @unchecked Sendable { var value: P }

    private func start<P: SeedItemPreparer>(path: String, preparer: Handover<P>) where P.Prepared == Prepared {
        let thread = Thread { [self] in
            var producer = Producer(pipe: self, preparer: preparer.value)
            do {
                try SeedStreamReader(path: path).read(into: &producer)
                try producer.flush()
                try put(.done)
            } catch is Stopped {
            } catch {
                // What was parsed before the failure reaches the handler first, as it would have.
                if (try? producer.flush()) != nil { try? put(.failed(error)) }
            }
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "seed reader"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues `slot`, waiting while the queue is full; throws ``Stopped`` once the handler stopped.
    private func put(_ slot: Slot) throws {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity && !stopped { condition.wait() }
        if stopped { throw Stopped() }
        queue.append(slot)
        condition.broadcast()
    }

    private func take() -> Slot {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty { condition.wait() }
        let slot = queue.removeFirst()
        condition.broadcast()
        return slot
    }

    private func drain<H: PreparedSeedStreamHandler>(into handler: inout H) throws
    where H.Preparer.Prepared == Prepared {
        while true {
            switch take() {
            case .events(let events):
                for event in events {
                    switch event {
                    case .begin(let header): try handler.begin(header)
                    case .pack(let pack, let index): try handler.pack(pack, index: index)
                    case .item(let item, let prepared, let pack, let index):
                        try handler.item(item, prepared: prepared, pack: pack, index: index)
                    case .end(let loudness): try handler.end(loudness: loudness)
                    }
                }
            case .failed(let error): throw error
            case .done: return
            }
        }
    }

    /// Stops the reader (when it has not finished) and waits for its thread to end.
    private func stopAndWait() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// The reader's handler: prepares each item, collects calls into batches and queues them.
    /// The batch is shared by reference: the reader works on a copy of its handler and hands it
    /// back only when a pass ends, and what was collected before a failure must still be sent.
    private struct Producer<P: SeedItemPreparer>: SeedStreamHandler where P.Prepared == Prepared {
        final class Batch { var events: [Event] = [] }
        let pipe: SeedStreamPipe
        var preparer: P
        let batch = Batch()

        init(pipe: SeedStreamPipe, preparer: P) {
            self.pipe = pipe
            self.preparer = preparer
            batch.events.reserveCapacity(pipe.batchSize)
        }

        mutating func begin(_ header: Seed) throws { try add(.begin(header)) }
        mutating func pack(_ pack: Seed.Pack, index: Int) throws {
            try preparer.pack(pack, index: index)
            try add(.pack(pack, index: index))
        }
        mutating func item(_ item: Seed.Item, pack: Int, index: Int) throws {
            let prepared = try preparer.prepare(item, pack: pack, index: index)
            try add(.item(item, prepared, pack: pack, index: index))
        }
        mutating func end(loudness: LoudnessTargets?) throws { try add(.end(loudness)) }

        private func add(_ event: Event) throws {
            batch.events.append(event)
            if batch.events.count >= pipe.batchSize { try flush() }
        }

        func flush() throws {
            guard !batch.events.isEmpty else { return }
            let full = batch.events
            batch.events = []
            batch.events.reserveCapacity(pipe.batchSize)
            try pipe.put(.events(full))
        }
    }
}
