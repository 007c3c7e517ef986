import type { ContentItem, RelatedItem } from "@davmu/contracts/content";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { data } from "../../lib/router.ts";
import { callApi } from "../../lib/server/api.server.ts";
import { albumLimit } from "../../model/album.ts";

/**
 * What an album's page loads beside its lists: the first tracks (the page fails with 502 without
 * them) and, where the layout shows lists, the album's related items (optional).
 */
export async function loadAlbum(item: ContentItem, withRelates: boolean) {
  const series: "audio" | "video" = item.content_type === "video_album" ? "video" : "audio";
  const [tracks, relates] = await Promise.all([
    callApi((c) =>
      c[series === "audio" ? "audioAlbum" : "videoAlbum"]({
        params: { id: item.post_id },
        query: { limit: albumLimit },
      }),
    ),
    withRelates
      ? callApi((c) => c.albumRelates({ params: { id: item.post_id } })).catch(() => null)
      : Promise.resolve(null),
  ]);
  if (tracks.code !== ErrorCode.ok) throw data({ message: "album tracks unavailable" }, { status: 502 });
  const related: RelatedItem[] = relates?.code === 0 ? relates.data.list : [];
  return { series, tracks: tracks.data, related };
}
