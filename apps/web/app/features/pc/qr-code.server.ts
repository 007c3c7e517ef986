import QRCode from "qrcode";

/**
 * A QR code as an SVG document, drawn on the server (R-SITE-6: `/pc`'s code of the framed page), so
 * the page needs no script to show it. Medium error correction, a quiet zone of two modules.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#111111ff", light: "#ffffffff" },
  });
}
