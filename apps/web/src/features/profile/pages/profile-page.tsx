import type { User } from '@ovation/shared/schemas/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  ArrowEndIcon,
  DownloadIcon,
  GridIcon,
  KeyIcon,
  MailIcon,
  MusicIcon,
  RefreshIcon,
  ShieldIcon,
  TrashIcon,
  UserIcon,
} from '../../../components/ui/icons';
import { InlineSpinner, PageSpinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast';
import { downloadFile } from '../../../lib/download-file';
import { SECOND_FACTOR_PATH } from '../../../lib/second-factor';
import { updateSessionUser } from '../../../lib/session';
import { usePublicAction } from '../../../lib/use-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type FieldErrors, serverFieldErrors } from '../../../lib/validate';
import { currentUserQuery, updateProfile } from '../api/profile-api';
import { ChangePasswordModal } from '../components/change-password-modal';
import { DeleteAccountModal } from '../components/delete-account-modal';
import { ProfileEditForm } from '../components/profile-edit-form';
import { ProfileHeader, ProfileTiles } from '../components/profile-summary';

type ProfileField = 'name' | 'bio' | 'phoneNumber' | 'country' | 'state';
const PROFILE_FIELDS: ReadonlySet<string> = new Set<ProfileField>([
  'name',
  'bio',
  'phoneNumber',
  'country',
  'state',
]);

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-white/10 bg-ink-900/70 p-5 sm:p-6">
      <h2 className="text-lg font-bold tracking-tight text-ink-50">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/[0.06] py-3 last:border-0 sm:flex-row sm:gap-6">
      <dt className="text-sm text-ink-400 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words text-ink-100">{children}</dd>
    </div>
  );
}

const ROW_BASE =
  'flex min-h-12 w-full items-center gap-3 rounded-2xl px-3 text-start font-medium transition-colors';
const ROW_CLASS = `${ROW_BASE} text-ink-100 hover:bg-white/[0.06]`;
/** The one row that cannot be taken back lightly: Delete my account. */
const DANGER_ROW_CLASS = `${ROW_BASE} text-coral-300 hover:bg-coral-400/10`;

/** /profile: the signed-in user's account (the public spec, Profile). */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user, isError, refetch } = useQuery(currentUserQuery);
  const [editing, setEditing] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<ProfileField>>({});
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const navigate = useNavigate();
  const downloadNoteId = useId();
  const download = usePublicAction({
    action: () => downloadFile('/auth/account/data', {}, 'ovation-my-data.json'),
    success: t('download.done'),
    failure: t('download.failed'),
  });
  useDocumentTitle(tShell('meta.pageTitle', { page: t('title') }));

  const save = usePublicAction({
    action: updateProfile,
    success: t('saved'),
    failure: t('saveFailed'),
    // A refused field shows under the field; the toast then says what failed, not the generic 400.
    preferFallback: ['VALIDATION_ERROR', 'BAD_REQUEST'],
    onSuccess: (updated) => {
      queryClient.setQueryData<User>(currentUserQuery.queryKey, updated);
      updateSessionUser(updated);
      setEditing(false);
    },
    onError: (error) => {
      const fields: FieldErrors<ProfileField> = {};
      for (const { field, key } of serverFieldErrors(error)) {
        if (PROFILE_FIELDS.has(field)) fields[field as ProfileField] ??= key;
      }
      setServerErrors(fields);
    },
  });

  if (!user) {
    if (!isError) return <PageSpinner />;
    return (
      <div className="mx-auto grid max-w-md place-items-center gap-4 px-4 py-24 text-center">
        <p className="text-ink-300">{t('loadFailed')}</p>
        <button type="button" onClick={() => void refetch()} className={buttonClass('secondary', 'md')}>
          <RefreshIcon className="size-4" />
          {tShell('common.retry')}
        </button>
      </div>
    );
  }

  const comingSoon = () => showToast(t('comingSoon'), 'info');
  const isArtist = user.role === 'artist';
  const place = [user.state, user.country].filter(Boolean).join(', ');
  const quickLinks = [
    ...(isArtist ? [{ to: '/upload', label: t('links.upload'), Icon: MusicIcon }] : []),
    { to: '/songs', label: t('links.songs'), Icon: MusicIcon },
    { to: '/categories', label: t('links.categories'), Icon: GridIcon },
    ...(isArtist ? [{ to: '/dashboard', label: t('links.dashboard'), Icon: GridIcon }] : []),
  ];

  return (
    <div className="glow-backdrop">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6 sm:pt-10 lg:px-8">
        <ProfileHeader
          user={user}
          action={
            !editing && (
              <button
                type="button"
                onClick={() => setEditing(true)}
                className={buttonClass('primary', 'md', 'w-full sm:w-auto')}
              >
                <UserIcon className="size-4" />
                {t('edit')}
              </button>
            )
          }
        />
        <ProfileTiles user={user} />

        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Panel title={editing ? t('editTitle') : t('aboutTitle')}>
            {editing ? (
              <ProfileEditForm
                user={user}
                saving={save.isPending}
                serverErrors={serverErrors}
                onSave={(changes) => {
                  setServerErrors({});
                  save.mutate(changes);
                }}
                onCancel={() => {
                  setServerErrors({});
                  setEditing(false);
                }}
              />
            ) : (
              <dl>
                <Detail label={t('fields.bio')}>
                  {user.bio ? (
                    <p dir="auto" className="whitespace-pre-line">
                      {user.bio}
                    </p>
                  ) : (
                    <span className="text-ink-500">{t('empty.bio')}</span>
                  )}
                </Detail>
                <Detail label={t('fields.email')}>
                  <bdi dir="ltr">{user.email}</bdi>
                </Detail>
                <Detail label={t('fields.phoneNumber')}>
                  {user.phoneNumber ? (
                    <bdi dir="ltr">{user.phoneNumber}</bdi>
                  ) : (
                    <span className="text-ink-500">{t('empty.value')}</span>
                  )}
                </Detail>
                <Detail label={t('fields.location')}>
                  {place || <span className="text-ink-500">{t('empty.value')}</span>}
                </Detail>
              </dl>
            )}
          </Panel>

          <div className="flex flex-col gap-6">
            <Panel title={t('actionsTitle')}>
              <ul className="-mx-2 flex flex-col gap-1">
                <li>
                  <button type="button" onClick={() => setPasswordOpen(true)} className={ROW_CLASS}>
                    <KeyIcon className="size-5 text-gold-300" />
                    {t('actions.changePassword')}
                  </button>
                </li>
                {user.role === 'admin' && (
                  <li>
                    <Link to={SECOND_FACTOR_PATH} className={ROW_CLASS}>
                      <ShieldIcon className="size-5 text-gold-300" />
                      {t('security.title')}
                    </Link>
                  </li>
                )}
                <li>
                  <button type="button" onClick={comingSoon} className={ROW_CLASS}>
                    <ShieldIcon className="size-5 text-gold-300" />
                    {t('actions.privacy')}
                  </button>
                </li>
                <li>
                  <button type="button" onClick={comingSoon} className={ROW_CLASS}>
                    <MailIcon className="size-5 text-gold-300" />
                    {t('actions.notifications')}
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={() => download.mutate()}
                    disabled={download.isPending}
                    aria-describedby={downloadNoteId}
                    className={ROW_CLASS}
                  >
                    {download.isPending ? (
                      <InlineSpinner />
                    ) : (
                      <DownloadIcon className="size-5 text-gold-300" />
                    )}
                    <span className="flex flex-col">
                      {t('actions.downloadData')}
                      <span id={downloadNoteId} className="text-xs font-normal text-ink-400">
                        {t('download.hint')}
                      </span>
                    </span>
                  </button>
                </li>
                <li>
                  <button type="button" onClick={() => setDeleteOpen(true)} className={DANGER_ROW_CLASS}>
                    <TrashIcon className="size-5" />
                    {t('actions.deleteAccount')}
                  </button>
                </li>
              </ul>
            </Panel>
            <Panel title={t('linksTitle')}>
              <ul className="-mx-2 flex flex-col gap-1">
                {quickLinks.map(({ to, label, Icon }) => (
                  <li key={to}>
                    <Link to={to} className={ROW_CLASS}>
                      <Icon className="size-5 text-gold-300" />
                      <span className="flex-1">{label}</span>
                      <ArrowEndIcon className="size-4 text-ink-500" />
                    </Link>
                  </li>
                ))}
              </ul>
            </Panel>
          </div>
        </div>
      </div>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <DeleteAccountModal
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        hasPassword={user.hasPassword}
        onDeleted={() => navigate('/', { replace: true })}
      />
    </div>
  );
}
