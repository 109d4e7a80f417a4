// Explore's `type`: /explore?type=people showed Posts. The People tab is `users` (the API's word) and
// `people` (its name, in any case); anything else shows Posts (the Explore loader then puts the URL right).
import { expect, it } from "vitest";
import { searchTypeOf } from "#app/lib/search";

it("reads the tab a URL's type names, by the API's word or the tab's name; Posts otherwise", () => {
  expect(searchTypeOf("users")).toBe("users");
  expect(searchTypeOf("people")).toBe("users");
  expect(searchTypeOf("People")).toBe("users");
  expect(searchTypeOf("tags")).toBe("tags");
  expect(searchTypeOf("posts")).toBe("posts");
  expect(searchTypeOf("nonsense")).toBe("posts");
  expect(searchTypeOf(null)).toBe("posts");
});
