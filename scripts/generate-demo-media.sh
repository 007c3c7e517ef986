#!/bin/sh
# Generates the demo video, audio, HLS, gallery and list-thumbnail files under apps/api/demo-media/ from the demo
# cover illustrations (slow pans over them) and synthesised tones. Needs ffmpeg (apt-get install -y
# ffmpeg). The outputs are committed: they are demo assets, regenerated only when this script changes.
set -eu
cd "$(dirname "$0")/../apps/api/demo-media"
mkdir -p video/hls/marathon audio gallery posters

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# H.264 baseline + AAC plays in WeChat on Android and iOS alike; faststart lets playback begin early.
h264="-c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 30 -movflags +faststart"
# a quiet two-note pad as the soundtrack of the clips
pad="sine=frequency=220:duration=6,volume=0.15"

# pan(cover, width, height, seconds, out): a slow zoom into one cover illustration
pan() {
  ff -loop 1 -framerate 25 -i "covers/$1" -f lavfi -i "$pad" -t "$4" \
    -vf "scale=1500:-2,zoompan=z='min(zoom+0.0012,1.25)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=$2x$3:fps=25" \
    $h264 -c:a aac -b:a 32k -ac 1 -shortest "$5"
}

pan article-09.jpg 640 360 5 video/river-egrets.mp4        # 视频：澜溪河白鹭
pan article-02.jpg 640 360 4 video/metro-line5.mp4         # 视频专辑第 1 集
pan article-06.jpg 640 360 4 video/rice-noodle.mp4         # 视频专辑第 2 集
pan article-03.jpg 640 360 4 video/museum.mp4              # 视频专辑第 3 集

# a vertical short video (svideo) and the portrait live stream: the middle of a cover, 9:16
ff -loop 1 -framerate 25 -i covers/article-05.jpg -f lavfi -i "$pad" -t 5 \
  -vf "crop=238:422:256:0,scale=720:-2,zoompan=z='min(zoom+0.0015,1.3)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=360x640:fps=25" \
  $h264 -c:a aac -b:a 32k -ac 1 -shortest video/ginkgo-vertical.mp4

# HLS: one 6 s clip cut into three 2 s segments (the HLS video and the landscape live stream)
ff -loop 1 -framerate 25 -i covers/article-08.jpg -f lavfi -i "$pad" -t 6 \
  -vf "scale=1500:-2,zoompan=z='min(zoom+0.001,1.2)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=640x360:fps=25" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 30 -g 50 -keyint_min 50 -sc_threshold 0 \
  -c:a aac -b:a 32k -ac 1 -shortest \
  -f hls -hls_time 2 -hls_list_size 0 -hls_playlist_type vod -hls_segment_filename video/hls/marathon/seg%d.ts video/hls/marathon/index.m3u8

# posters: the first frame of each clip
for clip in river-egrets metro-line5 rice-noodle museum ginkgo-vertical; do
  ff -i "video/$clip.mp4" -frames:v 1 -q:v 6 "posters/$clip.jpg"
done
ff -i covers/article-08.jpg -vf scale=640:-2 -q:v 6 posters/marathon.jpg

# audio: short melodies of sine tones, mono AAC at 48 kb/s
tone() {
  ff -f lavfi -i "aevalsrc='0.2*sin(2*PI*$1*t)*(1-mod(t,1))+0.1*sin(2*PI*$2*t)':s=44100:d=$3" \
    -af "afade=t=in:d=0.3,afade=t=out:st=$(($3 - 1)):d=1" -c:a aac -b:a 48k -ac 1 "$4"
}
tone 523 330 6 audio/morning-news.m4a     # 音频：江澜早新闻
tone 440 277 5 audio/old-street-1.m4a     # 音频专辑第 1 集
tone 392 247 5 audio/old-street-2.m4a     # 音频专辑第 2 集
tone 349 220 5 audio/old-street-3.m4a     # 音频专辑第 3 集

# gallery: five 750×500 views cut from the autumn and river illustrations
ff -i covers/article-05.jpg -vf "crop=560:374:0:24,scale=750:500" -q:v 5 gallery/ginkgo-1.jpg
ff -i covers/article-05.jpg -vf "crop=560:374:190:48,scale=750:500" -q:v 5 gallery/ginkgo-2.jpg
ff -i covers/article-09.jpg -vf "crop=560:374:95:48,scale=750:500" -q:v 5 gallery/river-1.jpg
ff -i covers/article-01.jpg -vf "crop=560:374:190:0,scale=750:500" -q:v 5 gallery/park-1.jpg
ff -i covers/article-11.jpg -vf "crop=560:374:95:24,scale=750:500" -q:v 5 gallery/market-1.jpg

# the demo mini program's logo
ff -f lavfi -i "color=c=0x07c160:s=120x120" -frames:v 1 \
  -vf "drawtext=fontfile=/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc:text='政':fontsize=72:fontcolor=white:x=(w-tw)/2:y=(h-th)/2" \
  mini-program-logo.png

# list renditions of every cover, poster and gallery picture (style.data[].thumb): 336 px wide,
# three times a list card's 112 CSS pixels, a fifth of a cover's bytes
for picture in covers/*.jpg posters/*.jpg gallery/*.jpg; do
  mkdir -p "thumbs/$(dirname "$picture")"
  ff -i "$picture" -vf "scale=336:-2:flags=lanczos" -q:v 7 "thumbs/$picture"
done

# the site's favicon: the logo at 32 px (browsers fetch it alongside the page's first paint)
ff -i logo.png -vf "scale=32:32:flags=lanczos" favicon.png

# AVIF and WebP renditions beside every picture: the media route sends the smallest one the browser
# says it accepts (Accept: image/avif, image/webp), the JPEG to the others (iOS 12). Needs avifenc
# and cwebp (apt-get install -y libavif-bin webp); a rendition no smaller than its JPEG is dropped.
for picture in covers/*.jpg posters/*.jpg gallery/*.jpg avatars/*.jpg thumbs/*/*.jpg logo.png mini-program-logo.png; do
  base="${picture%.*}"
  avifenc --speed 6 --jobs 1 --min 28 --max 40 "$picture" "$base.avif" >/dev/null
  cwebp -quiet -q 75 -alpha_q 90 "$picture" -o "$base.webp"
  for rendition in "$base.avif" "$base.webp"; do
    if [ "$(wc -c <"$rendition")" -ge "$(wc -c <"$picture")" ]; then rm "$rendition"; fi
  done
done

# h5/metro-map.html (the demo link page opened in the share site's popup) is written by hand.
du -sh video audio gallery posters thumbs
