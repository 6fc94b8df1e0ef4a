import CatalogModel
import Foundation
import TestSupport
import Testing
import UCS

/// The UCS list ships as data, and a file name is UCS only when its first field is a CatID of it.
struct UCSListTests {
    @Test func theBuiltInListIsTheFileInTemplatesWithEveryCatID() throws {
        let path = ToolRunner.repositoryRoot.appendingPathComponent("templates/\(BuiltInUCSData.fileName)").path
        let file = try #require(FileManager.default.contents(atPath: path))
        #expect(
            Data(BuiltInUCSData.text.utf8) == file,
            "templates/ucs.json differs from its built-in copy; run scripts/embed-templates")
        let list = UCSList.builtIn
        #expect(list.version == "8.2.1" && list.categories.count == 752)
        #expect(Set(list.categories.map(\.category)).count == 82)
        let wood = try #require(list.category(for: "DOORWood"))
        #expect(wood.categoryName == "Doors" && wood.subCategoryName == "Wood")
        #expect(wood.synonyms.contains("barn"))
        #expect(list.category(for: "doorwood")?.catID == "DOORWood")
        #expect(list.categories.contains { $0.subCategoryName.contains("-") || $0.subCategoryName.contains(" ") })
    }

    @Test func aUCSNameGivesItsCategoryFXNameAndCreator() throws {
        guard case .ucs(let name) = UCSFileName.read("/in/DOORWood_Oak Slam Heavy_JD_FS.wav") else {
            Issue.record("not read as UCS")
            return
        }
        #expect(name.category.catID == "DOORWood")
        #expect(name.fxName == "Oak Slam Heavy" && name.creatorID == "JD" && name.sourceID == "FS")
        guard case .ucs(let withUserCategory) = UCSFileName.read("DOORWood-Castle_Gate Thud_AB_LIB_take2.flac")
        else {
            Issue.record("a CatID with a user category is UCS")
            return
        }
        #expect(withUserCategory.category.catID == "DOORWood" && withUserCategory.fxName == "Gate Thud")
    }

    @Test(arguments: [
        "my_field_recording_01.wav", "door-creak_02.wav", "Forest Night.wav", "doorwood_oak_jd_fs.wav",
        "SFX_boom_big_01.wav", "RAINY_roof_tin_01.wav",
    ])
    func aNameWithUnderscoresIsNotUCSUnlessItsFirstFieldIsACatID(name: String) {
        #expect(UCSFileName.read(name) == .none)
    }

    @Test func aNearMissNamesTheNearestCatID() {
        #expect(UCSFileName.read("DOORWod_Oak Slam_JD_FS.wav") == .nearMiss(written: "DOORWod", nearest: "DOORWood"))
        #expect(UCSFileName.read("DOORWOOD_Oak Slam_JD_FS.wav") == .nearMiss(written: "DOORWOOD", nearest: "DOORWood"))
        #expect(UCSFileName.nearestCatID(to: "ZZZZZZZZ") == nil)
    }
}
