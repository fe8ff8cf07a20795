import { Fragment } from 'react';

/** 24 characters of a bold 16 px address fit the narrowest card (320 px screen); longer parts may break. */
const UNBREAKABLE_PART = 24;

/**
 * An e-mail address that wraps only where a reader expects it to: after the @ and before a dot, never
 * inside a word or at a hyphen (the phone code screen used to break 'exam|ple'). A part too long for
 * the narrowest line may still break, as a last resort, so nothing scrolls sideways at 320 px.
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  let offset = 0;
  const parts = email.split(/(?<=@)|(?=\.)/).map((text) => {
    const part = { text, key: offset };
    offset += text.length;
    return part;
  });
  return (
    <bdi dir="ltr" className={`[overflow-wrap:break-word] ${className}`}>
      {parts.map(({ text, key }) => (
        <Fragment key={key}>
          {key > 0 && <wbr />}
          {text.length <= UNBREAKABLE_PART ? <span className="whitespace-nowrap">{text}</span> : text}
        </Fragment>
      ))}
    </bdi>
  );
}
