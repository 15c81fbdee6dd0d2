import Testing

@testable import track

@Suite("glibc allocator settings")
struct AllocatorSettingsTests {
    @Test("track fixes glibc's mmap and trim thresholds and its arena limit, unless the environment chose them")
    func thresholdsTakeEffect() {
        // The first version compiled to `return 0` (its C file tested __GLIBC__ before including
        // any header), so the 1-hour soak ran without it: glibc must say it took both.
        #expect(AllocatorSettings.apply(forBench: true, environment: [:]))
        #expect(AllocatorSettings.apply(environment: [:]))
        #expect(!AllocatorSettings.apply(environment: ["MALLOC_TRIM_THRESHOLD_": "65536"]))
        #expect(!AllocatorSettings.apply(environment: ["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=65536"]))
        #expect(!AllocatorSettings.apply(environment: ["MALLOC_ARENA_MAX": "8"]))
        #expect(AllocatorSettings.arenaLimit >= 2)
    }
}
