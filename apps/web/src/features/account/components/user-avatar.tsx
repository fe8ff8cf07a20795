import type { SessionUser } from '../../../lib/session';

/** The user's picture, or their initial on a gold disc. Decorative: the name is always shown or labelled. */
export function UserAvatar({
  user,
  className = 'size-8 text-sm',
}: {
  user: SessionUser;
  className?: string;
}) {
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        width={32}
        height={32}
        className={`${className} rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-gold-300 to-gold-600 font-bold text-ink-950`}
    >
      {user.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
