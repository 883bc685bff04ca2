/** The first letters of up to two words of a name (or of the email's name part). */
export function initials(name: string | null | undefined, email: string): string {
  const source = name?.trim() || email.split('@')[0] || '?';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [source];
  return letters
    .map((w) => [...(w ?? '')][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

interface AvatarProps {
  name?: string | null;
  email: string;
  image?: string | null;
  /** Pixels; default 32. */
  size?: number;
}

/** A person's picture, or their initials on a tint; decorative (the name is always written beside it). */
export function Avatar({ name, email, image, size = 32 }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (image) return <img className="avatar" src={image} alt="" style={style} referrerPolicy="no-referrer" />;
  return (
    <span className="avatar" aria-hidden="true" style={style}>
      {initials(name, email)}
    </span>
  );
}
