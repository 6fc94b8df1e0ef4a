import SoundshelfServer
import Testing

@Suite("client serve --relay: the relay's clock")
struct RelayClockTests {
    @Test(
        "the offset lies between the tightest bounds of the round trips; events and snapshots move into the relay's time"
    )
    func offset() {
        let clock = RelayClock()
        #expect(clock.offset == nil)
        // The relay's clock is 5,000 ms ahead; the first trip is slow one way (40 ms there, 2 back).
        #expect(clock.observe(sent: 100, relayNow: 5140, received: 142))
        #expect(!clock.observe(sent: 200, relayNow: 5201, received: 202))
        #expect(!clock.observe(sent: 300, relayNow: 5320, received: 330))
        #expect(clock.offset == 5000 && clock.roundTrip == 2)
        var event = ListenEvent(type: "start", at: 1000, layer: "a", item: "x")
        event.title = "Door"
        #expect(clock.toRelay(event).at == 6000 && clock.toRelay(event).title == "Door")
        #expect(clock.toRelay(ListenEvent(type: "load")).at == nil)
        let snapshot = ListenSnapshot(now: 10, layers: [event], kinds: [:], recent: [])
        #expect(clock.toRelay(snapshot).layers.first?.at == 6000 && clock.toRelay(snapshot).now == 5010)
        clock.reset()
        #expect(clock.offset == nil)
        // Two trips of 20 ms, one slow out (19 ms) and one slow back: each midpoint is 9 ms off, their bounds meet at 5000.
        clock.observe(sent: 0, relayNow: 5001, received: 20)
        clock.observe(sent: 100, relayNow: 5119, received: 120)
        #expect(clock.offset == 5000)
    }
}
