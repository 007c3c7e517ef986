import { describe, expect, it } from "vitest";
import {
  agreementMessage,
  canSubmitLogin,
  codeButtonLabel,
  formatPhoneInput,
  isValidPhone,
  phoneDigits,
  sanitizeCode,
} from "./login.ts";

describe("phone login form", () => {
  it("R-LOGIN-4 phone input is spaced 3-4-4 and cut to 11 digits", () => {
    expect(formatPhoneInput("1")).toBe("1");
    expect(formatPhoneInput("138")).toBe("138");
    expect(formatPhoneInput("1380")).toBe("138 0");
    expect(formatPhoneInput("1380013")).toBe("138 0013");
    expect(formatPhoneInput("13800138")).toBe("138 0013 8");
    expect(formatPhoneInput("13800138000")).toBe("138 0013 8000");
    expect(formatPhoneInput("138001380009999")).toBe("138 0013 8000");
    expect(formatPhoneInput("138-0013 80a00")).toBe("138 0013 8000");
    expect(phoneDigits("138 0013 8000")).toBe("13800138000");
  });

  it("R-LOGIN-4 a phone is valid per ^1[3-9]\\d{9}$", () => {
    expect(isValidPhone("138 0013 8000")).toBe(true);
    expect(isValidPhone("19912345678")).toBe(true);
    expect(isValidPhone("12800138000")).toBe(false);
    expect(isValidPhone("23800138000")).toBe(false);
    expect(isValidPhone("138 0013 800")).toBe(false);
    expect(isValidPhone("")).toBe(false);
  });

  it("R-LOGIN-5 the code keeps digits only, at most 6", () => {
    expect(sanitizeCode("12345678")).toBe("123456");
    expect(sanitizeCode("12a3 4")).toBe("1234");
  });

  it("R-LOGIN-6 the login button is enabled only with a valid phone and a non-empty code or password", () => {
    const phone = "138 0013 8000";
    expect(canSubmitLogin({ mode: "phone", phone, code: "", password: "" })).toBe(false);
    expect(canSubmitLogin({ mode: "phone", phone, code: "1", password: "" })).toBe(true);
    expect(canSubmitLogin({ mode: "phone", phone: "138 0013", code: "123456", password: "" })).toBe(false);
    expect(canSubmitLogin({ mode: "pass", phone, code: "123456", password: "" })).toBe(false);
    expect(canSubmitLogin({ mode: "pass", phone, code: "", password: "secret" })).toBe(true);
    expect(canSubmitLogin({ mode: "pass", phone: "128 0013 8000", code: "", password: "secret" })).toBe(false);
  });

  it("R-LOGIN-3 the get-code button reads 获取验证码, and {n}s后重新获取 while counting down", () => {
    expect(codeButtonLabel(0)).toBe("获取验证码");
    expect(codeButtonLabel(60)).toBe("60s后重新获取");
    expect(codeButtonLabel(1)).toBe("1s后重新获取");
  });

  it("R-LOGIN-7 the agreement message names both documents", () => {
    expect(agreementMessage).toBe("请勾选阅读并同意《用户协议》《隐私政策》");
  });
});
