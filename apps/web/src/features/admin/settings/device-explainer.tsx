import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../../components/ui/icons';

/** What the device rules do and do not stop, said plainly (a cleared browser is a new device). */
export function DeviceExplainer() {
  const { t } = useTranslation('admin-settings');
  const headingId = useId();
  return (
    <aside
      aria-labelledby={headingId}
      className="mt-1 flex gap-3 rounded-2xl bg-white/[0.03] p-4 text-sm text-ink-300"
    >
      <ShieldIcon className="mt-0.5 size-5 shrink-0 text-jade-300" />
      <div>
        <h3 id={headingId} className="font-semibold text-ink-100">
          {t('device.explainTitle')}
        </h3>
        <ul className="mt-2 list-disc space-y-1.5 ps-4">
          <li>{t('device.explainDevice')}</li>
          <li>{t('device.explainStops')}</li>
          <li>{t('device.explainLimits')}</li>
          <li>{t('device.explainStorage')}</li>
          <li>{t('device.explainAdmins')}</li>
        </ul>
      </div>
    </aside>
  );
}
