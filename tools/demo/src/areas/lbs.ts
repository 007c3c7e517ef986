import type { LbsUpdate } from "@davmu/contracts/lbs";

/** The demo city of the local channel (`city`, 本地) and the weather the editors entered for it. */
export const demoLocalInfo: { group: string; update: LbsUpdate } = {
  group: "city",
  update: {
    city: "江澜市",
    province: "澜江省",
    weather: { condition: "多云", temperature: 16, low: 11, high: 19, aqi: 42, wind: "东北风 2级" },
  },
};
