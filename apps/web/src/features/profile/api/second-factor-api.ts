import { apiRequest } from '../../../lib/api-client';

/** POST /auth/second-factor/setup: a new secret, as text and as the otpauth:// URI the QR code carries. */
export async function startSecondFactorSetup() {
  const result = await apiRequest<{ secret: string; otpauthUri: string }>('/auth/second-factor/setup', {
    method: 'POST',
  });
  return result.data;
}

/** POST /auth/second-factor/confirm: the first code from the app; answers the recovery codes, shown once. */
export async function confirmSecondFactor(code: string) {
  const result = await apiRequest<{ recoveryCodes: string[] }>('/auth/second-factor/confirm', {
    method: 'POST',
    body: { code },
  });
  return result.data.recoveryCodes;
}

/** POST /auth/second-factor/disable: with a current code, or the account's password. */
export async function disableSecondFactor(proof: { code: string } | { password: string }) {
  await apiRequest('/auth/second-factor/disable', { method: 'POST', body: proof });
}

/** The QR code of an otpauth:// URI as an SVG data URL (the library loads only on this screen). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
