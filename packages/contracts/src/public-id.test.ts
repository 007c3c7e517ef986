import { describe, expect, it } from "vitest";
import { createPublicIdCodec } from "./public-id.ts";

describe("public ids", () => {
  const codec = createPublicIdCodec("salt-a", 8);

  it("R-ROUTE-4 ids round-trip through the encoder", () => {
    for (const id of [1, 2, 99, 123456, 2 ** 40]) {
      const publicId = codec.encode(id);
      expect(publicId.length).toBeGreaterThanOrEqual(8);
      expect(codec.decode(publicId)).toBe(id);
    }
  });

  it("R-ROUTE-4 text that does not decode is refused", () => {
    for (const text of ["", "abc", "not-a-hashid", "12345678", "你好你好你好你好", "a b", codec.encode(5).slice(1)]) {
      expect(codec.decode(text), text).toBeNull();
    }
  });

  it("R-ROUTE-4 an id made with another salt is refused", () => {
    const other = createPublicIdCodec("salt-b", 8);
    expect(codec.decode(other.encode(42))).toBeNull();
  });
});
