/**
 * Input limits the BFF declares in bff/internal/platform/limits (TestFrontEndLimitsMatch keeps
 * the two equal): lengths in characters, passwords in bytes.
 */
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 72,
  setupPasswordMin: 8,
  usernameMax: 64,
  nickNameMax: 64,
  emailMax: 128,
  phoneMax: 32,
  nameMax: 64,
  descriptionMax: 255,
  blurryMax: 64,
} as const;
