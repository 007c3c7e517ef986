/** The tips' pictures: the shared picture store (`lib/pictures.ts`), which forms use too. */
export {
  newPictureStem,
  PictureRefused,
  type PreparedPicture,
  preparePicture,
  removePictures,
  storePicture,
} from "../../lib/pictures.ts";
