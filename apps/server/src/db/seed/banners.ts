import { BANNER_ASPECT, BANNER_WIDTHS } from '../../features/images/picture-kinds';
import type { BannerTranslations } from '../schema';
import { createSeededRandom, pick } from './deterministic';

/** Hero banners are 5:2, as wide as the home page's hero on a large screen. */
export const BANNER_WIDTH = Math.max(...BANNER_WIDTHS);
export const BANNER_HEIGHT = BANNER_WIDTH / BANNER_ASPECT;
/** Every wide rendition of the hero (the phone crop is written on the banners' first listing). */
export { BANNER_WIDTHS };

interface BannerDesign {
  /** Top of the sky, the haze around the stage, and the glow on the stage floor. */
  sky: string;
  haze: string;
  floor: string;
  /** Colours of the light beams and confetti. */
  lights: readonly string[];
  beamCount: number;
  /** Draws a setting sun behind the stage instead of a plain haze. */
  sun: boolean;
  seed: number;
}

export interface BannerSeed {
  title: string;
  description: string;
  /** The title and description in the other languages, so no home page is half English. */
  translations: BannerTranslations;
  design: BannerDesign;
}

/** The four hero slides. Their artwork carries no text: the home page overlays translated copy. */
export const BANNER_SEEDS: readonly BannerSeed[] = [
  {
    // No claim about the vote's state here: the hero's own caption follows it (the banner is shown all year).
    title: 'The Ovation 2025 nominees',
    description: 'Vote for the songs that moved Africa this year.',
    translations: {
      fr: {
        title: 'Les nommés des Ovation 2025',
        description: 'Votez pour les chansons qui ont fait vibrer l’Afrique cette année.',
      },
      pt: {
        title: 'Os nomeados dos Ovation 2025',
        description: 'Vote nas músicas que emocionaram África este ano.',
      },
      ar: {
        title: 'المرشحون لجوائز Ovation 2025',
        description: 'صوّت للأغاني التي هزّت أفريقيا هذا العام.',
      },
      sw: {
        title: 'Walioteuliwa wa Ovation 2025',
        description: 'Pigia kura nyimbo zilizoigusa Afrika mwaka huu.',
      },
    },
    design: {
      sky: '#0A0614',
      haze: '#7C2D12',
      floor: '#F59E0B',
      lights: ['#FDE68A', '#FBBF24', '#FFFFFF'],
      beamCount: 7,
      sun: false,
      seed: 11,
    },
  },
  {
    title: 'Thirteen categories, one continent',
    description: 'From Lagos to Cairo, Nairobi to Johannesburg: every region has its award.',
    translations: {
      fr: {
        title: 'Treize catégories, un continent',
        description: 'De Lagos au Caire, de Nairobi à Johannesburg : chaque région a son prix.',
      },
      pt: {
        title: 'Treze categorias, um continente',
        description: 'De Lagos ao Cairo, de Nairobi a Joanesburgo: cada região tem o seu prémio.',
      },
      ar: {
        title: 'ثلاث عشرة فئة وقارة واحدة',
        description: 'من لاغوس إلى القاهرة، ومن نيروبي إلى جوهانسبرغ: لكل منطقة جائزتها.',
      },
      sw: {
        title: 'Makundi kumi na matatu, bara moja',
        description: 'Kutoka Lagos hadi Cairo, Nairobi hadi Johannesburg: kila kanda ina tuzo yake.',
      },
    },
    design: {
      sky: '#07021A',
      haze: '#6D28D9',
      floor: '#EC4899',
      lights: ['#F472B6', '#22D3EE', '#A78BFA'],
      beamCount: 9,
      sun: false,
      seed: 23,
    },
  },
  {
    title: 'Celebrate the new voices',
    description: 'Meet the Best Newcomer nominees and back the stars of tomorrow.',
    translations: {
      fr: {
        title: 'Célébrez les nouvelles voix',
        description: 'Découvrez les nommés de la Meilleure révélation et soutenez les stars de demain.',
      },
      pt: {
        title: 'Celebre as novas vozes',
        description: 'Conheça os nomeados para Melhor Revelação e apoie as estrelas de amanhã.',
      },
      ar: {
        title: 'احتفِ بالأصوات الجديدة',
        description: 'تعرّف على المرشحين لجائزة أفضل موهبة صاعدة وادعم نجوم الغد.',
      },
      sw: {
        title: 'Sherehekea sauti mpya',
        description: 'Wafahamu walioteuliwa kuwania Msanii Chipukizi Bora na uwaunge mkono nyota wa kesho.',
      },
    },
    design: {
      sky: '#1A0610',
      haze: '#B91C1C',
      floor: '#FB923C',
      lights: ['#FED7AA', '#FDBA74', '#FCA5A5'],
      beamCount: 5,
      sun: true,
      seed: 37,
    },
  },
  {
    title: 'Every vote counts',
    description: 'One vote per category every 24 hours. Come back daily to support your favourites.',
    translations: {
      fr: {
        title: 'Chaque vote compte',
        description: 'Un vote par catégorie toutes les 24 heures. Revenez chaque jour soutenir vos favoris.',
      },
      pt: {
        title: 'Cada voto conta',
        description:
          'Um voto por categoria a cada 24 horas. Volte todos os dias para apoiar os seus favoritos.',
      },
      ar: {
        title: 'كل صوت له قيمته',
        description: 'صوت واحد لكل فئة كل 24 ساعة. عُد يوميًا لدعم مفضّليك.',
      },
      sw: {
        title: 'Kila kura ina thamani',
        description: 'Kura moja kwa kila kundi kila saa 24. Rudi kila siku kuwaunga mkono uwapendao.',
      },
    },
    design: {
      sky: '#020B1A',
      haze: '#0E7490',
      floor: '#2DD4BF',
      lights: ['#67E8F9', '#5EEAD4', '#C4B5FD'],
      beamCount: 8,
      sun: false,
      seed: 41,
    },
  },
];

/**
 * Two stage pictures for the admin's image library (the admin spec's "Image management"), drawn like the banners
 * in other colours, at the library's widths up to the artwork's own: something to pick from at once.
 */
export const LIBRARY_IMAGE_DESIGNS: readonly BannerDesign[] = [
  {
    sky: '#0B1026',
    haze: '#1D4ED8',
    floor: '#38BDF8',
    lights: ['#BAE6FD', '#FDE68A', '#FFFFFF'],
    beamCount: 6,
    sun: false,
    seed: 53,
  },
  {
    sky: '#130A02',
    haze: '#A16207',
    floor: '#FACC15',
    lights: ['#FEF08A', '#FDBA74', '#FFFFFF'],
    beamCount: 4,
    sun: true,
    seed: 71,
  },
];
export const LIBRARY_IMAGE_WIDTHS = [320, 640, 1280, BANNER_WIDTH] as const;

/** Spotlight beams fanning down from rigs along the top edge. */
function drawBeams(design: BannerDesign, random: () => number): { defs: string; shapes: string } {
  const defs = design.lights
    .map(
      (colour, index) => `<linearGradient id="beam-${index}" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${colour}" stop-opacity="0.75"/><stop offset="0.75" stop-color="${colour}" stop-opacity="0.08"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></linearGradient>`,
    )
    .join('');
  let shapes = '';
  for (let index = 0; index < design.beamCount; index += 1) {
    const x = ((index + 0.5) / design.beamCount) * BANNER_WIDTH + (random() - 0.5) * 80;
    const target = x + (random() - 0.5) * 900;
    const spread = 90 + random() * 160;
    const gradient = index % design.lights.length;
    shapes += `<path d="M ${x - 7} 0 L ${x + 7} 0 L ${target + spread} ${BANNER_HEIGHT} L ${target - spread} ${BANNER_HEIGHT} Z" fill="url(#beam-${gradient})" opacity="${(0.35 + random() * 0.35).toFixed(2)}"/>`;
    shapes += `<circle cx="${x}" cy="6" r="26" fill="url(#lamp)"/><circle cx="${x}" cy="4" r="7" fill="#FFFFFF"/>`;
  }
  return { defs, shapes };
}

/** Confetti and sparkles drifting over the stage. */
function drawConfetti(design: BannerDesign, random: () => number): string {
  let shapes = '';
  for (let index = 0; index < 90; index += 1) {
    const x = random() * BANNER_WIDTH;
    const y = random() * BANNER_HEIGHT * 0.72;
    const colour = pick(random, [...design.lights, '#FFFFFF']);
    const opacity = (0.35 + random() * 0.6).toFixed(2);
    if (index % 3 === 0) {
      shapes += `<circle cx="${x}" cy="${y}" r="${1 + random() * 2.5}" fill="${colour}" opacity="${opacity}"/>`;
    } else {
      const rotation = Math.round(random() * 180);
      shapes += `<rect x="${x}" y="${y}" width="${4 + random() * 6}" height="${2 + random() * 3}" fill="${colour}" opacity="${opacity}" transform="rotate(${rotation} ${x} ${y})"/>`;
    }
  }
  return shapes;
}

/** One row of the crowd: heads and shoulders, some arms up, a few phones glowing. */
function drawCrowdRow(random: () => number, baseY: number, size: number, colour: string): string {
  let shapes = '';
  let x = -size + random() * size;
  while (x < BANNER_WIDTH + size) {
    const radius = size * (0.85 + random() * 0.3);
    const headY = baseY - radius * 2.2 + random() * radius * 0.6;
    shapes += `<ellipse cx="${x}" cy="${headY + radius * 2.6}" rx="${radius * 2}" ry="${radius * 1.9}" fill="${colour}"/>`;
    shapes += `<circle cx="${x}" cy="${headY}" r="${radius}" fill="${colour}"/>`;
    if (random() < 0.28) {
      const side = random() < 0.5 ? -1 : 1;
      const handX = x + side * radius * (1.2 + random() * 1.6);
      const handY = headY - radius * (2.2 + random() * 1.8);
      shapes += `<path d="M ${x + side * radius * 1.3} ${headY + radius * 1.6} L ${handX} ${handY}" stroke="${colour}" stroke-width="${radius * 0.62}" stroke-linecap="round"/>`;
      shapes += `<circle cx="${handX}" cy="${handY}" r="${radius * 0.48}" fill="${colour}"/>`;
      if (random() < 0.22) {
        shapes += `<circle cx="${handX}" cy="${handY - radius * 0.5}" r="${radius * 1.8}" fill="url(#lamp)" opacity="0.35"/>`;
        shapes += `<rect x="${handX - radius * 0.35}" y="${handY - radius * 1.05}" width="${radius * 0.7}" height="${radius * 1.1}" rx="${radius * 0.12}" fill="#F8FAFC" opacity="0.9"/>`;
      }
    }
    x += radius * (2.2 + random() * 1.6);
  }
  return shapes;
}

/**
 * The SVG of a text-free hero backdrop: a night sky, spotlight beams, haze, confetti and a crowd in
 * silhouette before a glowing stage, generated from the banner's own seed so it is the same every run.
 */
export function buildBannerSvg(design: BannerDesign): string {
  const random = createSeededRandom(design.seed);
  const beams = drawBeams(design, random);
  const sun = design.sun
    ? `<circle cx="${BANNER_WIDTH * (0.55 + random() * 0.2)}" cy="${BANNER_HEIGHT * 0.72}" r="190" fill="url(#sun)"/>`
    : '';
  const crowd = [
    drawCrowdRow(random, BANNER_HEIGHT * 0.9, 11, '#1A1226'),
    drawCrowdRow(random, BANNER_HEIGHT * 0.97, 16, '#0E0A16'),
    drawCrowdRow(random, BANNER_HEIGHT * 1.06, 24, '#050308'),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${design.sky}"/><stop offset="0.55" stop-color="${design.haze}"/>
      <stop offset="0.8" stop-color="${design.floor}"/><stop offset="1" stop-color="${design.sky}"/>
    </linearGradient>
    <radialGradient id="haze" cx="0.5" cy="0.78" r="0.6">
      <stop offset="0" stop-color="${design.floor}" stop-opacity="0.7"/><stop offset="1" stop-color="${design.floor}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="lamp"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.9"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#FFF7ED"/><stop offset="0.45" stop-color="${design.lights[0]}"/><stop offset="1" stop-color="${design.floor}" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/>
    </radialGradient>
    ${beams.defs}
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <rect width="100%" height="100%" fill="url(#haze)"/>
  ${sun}
  ${beams.shapes}
  <ellipse cx="${BANNER_WIDTH / 2}" cy="${BANNER_HEIGHT * 0.84}" rx="${BANNER_WIDTH * 0.55}" ry="40" fill="${design.floor}" opacity="0.45"/>
  ${drawConfetti(design, random)}
  ${crowd}
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
}
