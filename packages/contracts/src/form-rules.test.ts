import { describe, expect, it } from "vitest";
import {
  checkAnswers,
  checkDefinition,
  checkField,
  type FormField,
  isDay,
  pickField,
  textLength,
} from "./form-rules.ts";

const text: FormField = { key: "name", label: "姓名", type: "text", required: true, min_length: 2, max_length: 4 };
const single: FormField = {
  key: "one",
  label: "单选",
  type: "choice",
  required: true,
  multiple: false,
  options: ["甲", "乙"],
};
const many: FormField = {
  key: "many",
  label: "多选",
  type: "choice",
  required: false,
  multiple: true,
  options: ["甲", "乙"],
};
const date: FormField = {
  key: "day",
  label: "日期",
  type: "date",
  required: true,
  min: "2000-01-01",
  max: "2000-12-31",
};
const phone: FormField = { key: "tel", label: "手机", type: "phone", required: true };
const picture: FormField = { key: "pic", label: "照片", type: "picture", required: false };

describe("form rules (shared by the page and the API)", () => {
  it("R-FORM-1 text counts characters as readers do, within its min and max", () => {
    expect(textLength("江澜😀")).toBe(3);
    expect(checkField(text, "林")).toBe("至少填写2个字");
    expect(checkField(text, "林小满")).toBeNull();
    expect(checkField(text, "  林小满  ")).toBeNull();
    expect(checkField(text, "欧阳林小满")).toBe("最多填写4个字");
    expect(checkField(text, "   ")).toBe("请填写此项");
  });

  it("R-FORM-1 choices are among the options, one unless multiple, never twice", () => {
    expect(checkField(single, ["甲"])).toBeNull();
    expect(checkField(single, "乙")).toBeNull();
    expect(checkField(single, ["甲", "乙"])).toBe("只能选择一项");
    expect(checkField(single, [])).toBe("请选择");
    expect(checkField(many, ["甲", "乙"])).toBeNull();
    expect(checkField(many, ["甲", "甲"])).toBe("选项重复");
    expect(checkField(many, ["丙"])).toBe("选项无效");
    expect(checkField(many, [])).toBeNull();
  });

  it("R-FORM-1 dates are real days within the range; phones follow the login's mainland rule", () => {
    expect(isDay("2000-02-29")).toBe(true);
    expect(isDay("2001-02-29")).toBe(false);
    expect(checkField(date, "2000-13-01")).toBe("请选择有效日期");
    expect(checkField(date, "1999-12-31")).toBe("日期不能早于2000-01-01");
    expect(checkField(date, "2001-01-01")).toBe("日期不能晚于2000-12-31");
    expect(checkField(date, "2000-06-01")).toBeNull();
    expect(checkField(phone, "13912345678")).toBeNull();
    for (const bad of ["12912345678", "1391234567", "139123456789", "+8613912345678"]) {
      expect(checkField(phone, bad), bad).toBe("请输入正确的手机号");
    }
  });

  it("R-FORM-1 pictures are JPEG, PNG or WebP data URLs of at most 2 MB", () => {
    expect(checkField(picture, "data:image/jpeg;base64,/9j/4AAQ")).toBeNull();
    expect(checkField(picture, "data:image/gif;base64,R0lG")).toBe("请上传 JPG、PNG 或 WebP 图片");
    expect(checkField(picture, "https://example.com/a.jpg")).toBe("请上传 JPG、PNG 或 WebP 图片");
    expect(checkField(picture, `data:image/png;base64,${"A".repeat(2_796_300)}`)).toBe("图片不能超过2MB");
  });

  it("R-FORM-1 answers are checked field by field, unknown keys named; definitions are checked for editors", () => {
    expect(checkAnswers([text, single, phone], { name: "林小满", one: ["甲"], tel: "13912345678" })).toEqual({});
    expect(checkAnswers([text, single], { name: "林", other: "x" })).toEqual({
      name: "至少填写2个字",
      one: "请选择",
      other: "表单中没有此项",
    });
    expect(checkDefinition([text, single, many, date, phone, picture])).toBeNull();
    expect(checkDefinition([])).toBe("表单至少要有一项");
    expect(checkDefinition([text, text])).toBe("key「name」重复");
    expect(checkDefinition([{ ...date, min: "2001-01-01" }])).toBe("「日期」的最早日期晚于最晚日期");
    const extra = { ...text, options: ["x"] } as unknown as FormField;
    expect(pickField(extra)).toEqual(text);
  });
});
