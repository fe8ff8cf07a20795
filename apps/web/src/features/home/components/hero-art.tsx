import { BrandMark } from '../../../components/ui/logo';

const VARIANTS = [
  'bg-[radial-gradient(60rem_36rem_at_85%_10%,rgb(247_192_74/0.45),transparent_60%),radial-gradient(40rem_30rem_at_10%_90%,rgb(16_185_129/0.35),transparent_65%)]',
  'bg-[radial-gradient(55rem_34rem_at_80%_20%,rgb(255_127_92/0.45),transparent_60%),radial-gradient(40rem_28rem_at_15%_85%,rgb(247_192_74/0.3),transparent_65%)]',
  'bg-[radial-gradient(55rem_34rem_at_75%_15%,rgb(52_211_153/0.4),transparent_60%),radial-gradient(45rem_30rem_at_10%_90%,rgb(255_127_92/0.28),transparent_65%)]',
] as const;

/**
 * Artwork for the hero when there are no banners: layered glows, a kente-like pattern and concentric
 * rings like a sound wave. Pure CSS and SVG, nothing to download.
 */
export function HeroArt({ variant }: { variant: number }) {
  return (
    <div aria-hidden="true" className={`absolute inset-0 bg-ink-950 ${VARIANTS[variant % VARIANTS.length]}`}>
      <div className="kente-pattern absolute inset-0 opacity-70" />
      <div className="absolute -end-24 top-1/2 hidden aspect-square w-[38rem] -translate-y-1/2 md:block">
        {[0, 1, 2, 3].map((ring) => (
          <div
            key={ring}
            className="absolute rounded-full border border-gold-300/20"
            style={{ inset: `${ring * 12}%` }}
          />
        ))}
        <div className="absolute inset-[36%] grid place-items-center rounded-full bg-ink-950/40 backdrop-blur-sm">
          <BrandMark className="size-3/4 opacity-90" />
        </div>
      </div>
    </div>
  );
}
