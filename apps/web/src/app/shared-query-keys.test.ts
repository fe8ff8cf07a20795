import { describe, expect, it } from 'vitest';
import { bannerKeys } from '../domain/banners/api/use-banners';
import { songKeys } from '../domain/songs/api/use-songs';
import { PUBLIC_BANNERS_KEY, PUBLIC_SONGS_KEY } from '../features/admin/lib/media-queries';
import { PUBLIC_SETTINGS_KEYS } from '../features/admin/lib/platform-settings';
import { socialLoginSettingsQuery } from '../features/auth/api/auth-api';
import { publicSettingsQuery } from '../lib/public-settings';

// The admin screens may not import the public features, so they name the public queries they refresh by
// value (features/admin/lib). Here (app/ may import every feature) the copies are checked against the
// real keys: a rename on one side fails this test instead of silently leaving a stale page.
describe('public query keys named by the admin screens', () => {
  it('match the public features’ own keys', () => {
    expect(PUBLIC_BANNERS_KEY).toEqual(bannerKeys.all);
    expect(PUBLIC_SONGS_KEY).toEqual(songKeys.all);
    expect(PUBLIC_SETTINGS_KEYS).toEqual([publicSettingsQuery.queryKey, socialLoginSettingsQuery.queryKey]);
  });
});
