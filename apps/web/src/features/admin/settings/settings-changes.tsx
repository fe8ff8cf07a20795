import type { PlatformSettings } from '@ovation/shared/schemas/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { InlineSpinner } from '../../../components/ui/spinner';
import { useAction } from '../../../lib/use-action';
import { PUBLIC_SETTINGS_KEYS, platformSettingsQuery, savePlatformSettings, votingOpenQuery } from './api';

export type Section = keyof PlatformSettings;

/** A change of one setting: the new settings, and how to name it if the admin is asked first. */
export interface PendingChange {
  next: PlatformSettings;
  setting: string;
  from: string;
  to: string;
}

/** `settings` with one field replaced. */
export function withValue<S extends Section, F extends keyof PlatformSettings[S]>(
  settings: PlatformSettings,
  section: S,
  field: F,
  value: PlatformSettings[S][F],
): PlatformSettings {
  return { ...settings, [section]: { ...settings[section], [field]: value } };
}

/**
 * How the settings screen saves: each change at once, or, while fans can vote (or when that cannot be
 * told), only after the admin's yes in the dialog. One change at a time.
 */
export function useSettingsChanges() {
  const { t } = useTranslation('admin-settings');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingChange | null>(null);
  /** True while the voting status is asked before a change: no second change starts meanwhile. */
  const [checking, setChecking] = useState(false);
  const checkingRef = useRef(false);

  const save = useAction({
    action: savePlatformSettings,
    success: t('saved'),
    failure: t('saveFailed'),
    // The public pages of this tab (Register links, social buttons, CAPTCHA) follow at once.
    invalidate: PUBLIC_SETTINGS_KEYS,
    onSuccess: (saved) => {
      queryClient.setQueryData(platformSettingsQuery.queryKey, saved);
      setPending(null);
    },
    onError: () => setPending(null),
  });

  /** Saves at once, or asks first when fans can vote right now (or when that cannot be told). */
  const request = async (change: PendingChange) => {
    if (checkingRef.current || save.isPending) return;
    checkingRef.current = true;
    setChecking(true);
    const open = await queryClient.fetchQuery(votingOpenQuery).catch(() => true);
    checkingRef.current = false;
    setChecking(false);
    if (open) setPending(change);
    else save.mutate(change.next);
  };

  return {
    save,
    pending,
    request,
    cancel: () => setPending(null),
    /** While a change is asked about, checked or saved: the controls wait. */
    busy: save.isPending || checking || pending !== null,
    /** The settings as the screen shows them: a change being saved already shows (a failure puts the saved value back). */
    shown: (saved: PlatformSettings) => (save.isPending && save.variables ? save.variables : saved),
  };
}

type SettingsChanges = ReturnType<typeof useSettingsChanges>;

/**
 * The admin spec's 'Saving settings...' while a change saves (a live region that exists before it speaks), and
 * the confirmation a change made while voting is open waits for.
 */
export function SettingsChangeFeedback({ changes }: { changes: SettingsChanges }) {
  const { t } = useTranslation('admin-settings');
  const { save, pending } = changes;
  return (
    <>
      <div
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-20 flex justify-center px-4"
      >
        {save.isPending && (
          <span className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-ink-900/95 px-4 py-2 text-sm font-semibold text-ink-50 shadow-lg shadow-black/40">
            <InlineSpinner />
            {t('saving')}
          </span>
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        tone="primary"
        title={t('confirm.title')}
        description={
          pending
            ? t('confirm.text', { setting: pending.setting, from: pending.from, to: pending.to })
            : undefined
        }
        confirmLabel={t('confirm.apply')}
        cancelLabel={t('confirm.cancel')}
        busy={save.isPending}
        onConfirm={() => pending && save.mutate(pending.next)}
        onCancel={changes.cancel}
      />
    </>
  );
}
