import { configuredWx } from "../open-app/wechat-sdk.ts";
import { blobFromBase64, type PickedPicture, pictureFromFile } from "./pictures.ts";

/**
 * The picture picker inside WeChat (loaded there only): WeChat's chooseImage (album or camera, its
 * compressed copies), each picture's bytes through getLocalImgData, then the same path as a picked
 * file. Null when the JS-SDK is not ready on this page (not signed, refused, still loading): the
 * form then opens its file input instead.
 */
interface WxImageApi {
  chooseImage(options: {
    count: number;
    sizeType: string[];
    sourceType: string[];
    success(result: { localIds: string[] }): void;
    fail?(result: { errMsg?: string }): void;
    cancel?(): void;
  }): void;
  getLocalImgData(options: {
    localId: string;
    success(result: { localData: string }): void;
    fail?(result: { errMsg?: string }): void;
  }): void;
}

function localData(wx: WxImageApi, localId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    wx.getLocalImgData({
      localId,
      success: (result) => resolve(result.localData),
      fail: (result) => reject(new Error(result?.errMsg ?? "getLocalImgData failed")),
    });
  });
}

export async function chooseWithWechat(count: number): Promise<PickedPicture[] | null> {
  const wx = configuredWx() as unknown as WxImageApi | null;
  if (!wx || typeof wx.chooseImage !== "function") return null;
  const localIds = await new Promise<string[]>((resolve, reject) => {
    wx.chooseImage({
      count,
      sizeType: ["compressed"],
      sourceType: ["album", "camera"],
      success: (result) => resolve(result.localIds ?? []),
      cancel: () => resolve([]),
      fail: (result) => reject(new Error(result?.errMsg ?? "chooseImage failed")),
    });
  });
  const picked: PickedPicture[] = [];
  // one at a time: WeChat answers getLocalImgData calls made together unreliably on iOS
  for (const id of localIds.slice(0, count)) {
    picked.push(await pictureFromFile(blobFromBase64(await localData(wx, id))));
  }
  return picked;
}

/** Whether WeChat's picker can open now (the page's JS-SDK config was accepted). */
export const wechatPickerReady = (): boolean => configuredWx() !== null;
