import { tipLimits } from "@davmu/contracts/tips";

/** The submission limits as the form shows and checks them (the API checks them again). */
export const formLimits = {
  pictures: tipLimits.pictures,
  pictureBytes: tipLimits.pictureBytes,
  requestBytes: tipLimits.requestBytes,
  textMin: tipLimits.textMin,
  textMax: tipLimits.textMax,
  placeMax: tipLimits.placeMax,
  contactMax: tipLimits.contactMax,
  perUserPerHour: tipLimits.perUserPerHour,
};
export type FormLimits = typeof formLimits;
