import Hashids from "hashids";

export interface PublicIdCodec {
  encode(id: number): string;
  /** The numeric id, or null when the text is not a valid public id. */
  decode(publicId: string): number | null;
}

/** Public ids of content are hashids of the database id, salted per deployment. */
export function createPublicIdCodec(salt: string, minLength: number): PublicIdCodec {
  const hashids = new Hashids(salt, minLength);
  return {
    encode: (id) => hashids.encode(id),
    decode(publicId) {
      if (!/^[A-Za-z0-9]+$/.test(publicId)) return null;
      let decoded: ReturnType<typeof hashids.decode>;
      try {
        decoded = hashids.decode(publicId);
      } catch {
        return null;
      }
      if (decoded.length !== 1) return null;
      const id = Number(decoded[0]);
      // hashids decodes some foreign strings to numbers; only a canonical round trip is genuine
      if (!Number.isSafeInteger(id) || id < 1 || hashids.encode(id) !== publicId) return null;
      return id;
    },
  };
}
