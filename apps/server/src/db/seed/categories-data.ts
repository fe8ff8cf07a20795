import type { CategoryTranslations, CategoryType, REGIONS } from '@ovation/shared';

export type Region = (typeof REGIONS)[number];

export interface CategorySeed {
  name: string;
  description: string;
  type: CategoryType;
  /** Set on regional categories only, spelled exactly as in REGIONS. */
  region: Region | null;
  icon: string;
  color: string;
  /** The name and description in French, Portuguese, Arabic and Swahili (English is above). */
  translations: Required<CategoryTranslations>;
}

/**
 * The 2025 award categories: eight continental awards first, then one per region. Their order here is
 * their sortOrder, which is the order the home page and the categories page show them in.
 */
export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  {
    name: 'Song of the Year',
    description: 'The one record the whole continent could not stop playing in 2025.',
    type: 'continental',
    region: null,
    icon: '🏆',
    color: '#F59E0B',
    translations: {
      fr: {
        name: "Chanson de l'année",
        description: "Le titre que tout le continent n'a cessé d'écouter en 2025.",
      },
      pt: {
        name: 'Música do Ano',
        description: 'O tema que o continente inteiro não parou de ouvir em 2025.',
      },
      ar: {
        name: 'أغنية العام',
        description: 'الأغنية التي لم تتوقف القارة بأكملها عن الاستماع إليها في 2025.',
      },
      sw: {
        name: 'Wimbo Bora wa Mwaka',
        description: 'Wimbo mmoja ambao bara zima halikuacha kuucheza mwaka 2025.',
      },
    },
  },
  {
    name: 'Best Male Artiste',
    description: 'The man whose voice, releases and stage presence defined the year.',
    type: 'continental',
    region: null,
    icon: '🎤',
    color: '#2563EB',
    translations: {
      fr: {
        name: 'Meilleur artiste masculin',
        description: "L'homme dont la voix, les sorties et la présence scénique ont marqué l'année.",
      },
      pt: {
        name: 'Melhor Artista Masculino',
        description: 'O homem cuja voz, lançamentos e presença em palco definiram o ano.',
      },
      ar: {
        name: 'أفضل فنان',
        description: 'الرجل الذي صنع صوته وإصداراته وحضوره على المسرح ملامح هذا العام.',
      },
      sw: {
        name: 'Msanii Bora wa Kiume',
        description: 'Mwanamume ambaye sauti yake, nyimbo zake na uwepo wake jukwaani vilitawala mwaka huu.',
      },
    },
  },
  {
    name: 'Best Female Artiste',
    description: 'The woman who owned the charts, the stages and the conversation this year.',
    type: 'continental',
    region: null,
    icon: '👑',
    color: '#DB2777',
    translations: {
      fr: {
        name: 'Meilleure artiste féminine',
        description:
          'La femme qui a dominé les classements, les scènes et toutes les conversations cette année.',
      },
      pt: {
        name: 'Melhor Artista Feminina',
        description: 'A mulher que dominou os tops, os palcos e as conversas deste ano.',
      },
      ar: {
        name: 'أفضل فنانة',
        description: 'المرأة التي تصدّرت القوائم وامتلكت المسارح وشغلت الأحاديث هذا العام.',
      },
      sw: {
        name: 'Msanii Bora wa Kike',
        description: 'Mwanamke aliyetawala chati, majukwaa na mazungumzo mwaka huu.',
      },
    },
  },
  {
    name: 'Best Newcomer',
    description: 'A breakout act whose first releases already sound like classics. Vote for the future.',
    type: 'continental',
    region: null,
    icon: '🌟',
    color: '#8B5CF6',
    translations: {
      fr: {
        name: 'Meilleure révélation',
        description:
          "Un talent émergent dont les premiers titres sonnent déjà comme des classiques. Votez pour l'avenir.",
      },
      pt: {
        name: 'Melhor Revelação',
        description: 'Um talento emergente cujos primeiros lançamentos já soam a clássicos. Vote no futuro.',
      },
      ar: {
        name: 'أفضل موهبة صاعدة',
        description: 'موهبة لافتة تبدو أولى إصداراتها كأنها من الكلاسيكيات. صوّت للمستقبل.',
      },
      sw: {
        name: 'Msanii Chipukizi Bora',
        description:
          'Msanii anayechipukia ambaye nyimbo zake za kwanza tayari zinasikika kama nyimbo za kudumu. Piga kura kwa ajili ya kesho.',
      },
    },
  },
  {
    name: 'Best Collaboration',
    description: 'Two or more artists, one unforgettable record. Celebrating the duets and features of 2025.',
    type: 'continental',
    region: null,
    icon: '🤝',
    color: '#0EA5E9',
    translations: {
      fr: {
        name: 'Meilleure collaboration',
        description: 'Deux artistes ou plus, un titre inoubliable. Place aux duos et featurings de 2025.',
      },
      pt: {
        name: 'Melhor Colaboração',
        description:
          'Dois ou mais artistas, um tema inesquecível. Celebramos os duetos e as participações de 2025.',
      },
      ar: {
        name: 'أفضل تعاون فني',
        description: 'فنانان أو أكثر وأغنية واحدة لا تُنسى. احتفاءً بالثنائيات والمشاركات الفنية لعام 2025.',
      },
      sw: {
        name: 'Ushirikiano Bora',
        description:
          'Wasanii wawili au zaidi, wimbo mmoja usiosahaulika. Tunasherehekea nyimbo za kushirikiana za 2025.',
      },
    },
  },
  {
    name: 'Best Afrobeats Song',
    description: 'The Afrobeats record with the groove, the hook and the replay value.',
    type: 'continental',
    region: null,
    icon: '🥁',
    color: '#EA580C',
    translations: {
      fr: {
        name: 'Meilleure chanson afrobeats',
        description: "Le titre afrobeats qui a le groove, le refrain accrocheur et qu'on réécoute sans fin.",
      },
      pt: {
        name: 'Melhor Música de Afrobeats',
        description: 'O tema de afrobeats com o groove, o refrão e aquela vontade de ouvir outra vez.',
      },
      ar: {
        name: 'أفضل أغنية أفروبيتس',
        description:
          'أغنية الأفروبيتس التي تجمع الإيقاع الآسر واللازمة التي لا تُنسى والرغبة في إعادة الاستماع.',
      },
      sw: {
        name: 'Wimbo Bora wa Afrobeats',
        description:
          'Wimbo wa Afrobeats wenye mdundo, kiitikio kinachonata na hamu ya kuusikiliza tena na tena.',
      },
    },
  },
  {
    name: 'Best Amapiano Song',
    description: 'Log drums, deep bass and dance floors from Soweto to Lagos. Pick the piano that moved you.',
    type: 'continental',
    region: null,
    icon: '🎹',
    color: '#10B981',
    translations: {
      fr: {
        name: 'Meilleure chanson amapiano',
        description:
          'Log drums, basses profondes et pistes de danse de Soweto à Lagos. Choisissez le piano qui vous a fait vibrer.',
      },
      pt: {
        name: 'Melhor Música de Amapiano',
        description:
          'Log drums, graves profundos e pistas de dança do Soweto a Lagos. Escolha o piano que o fez vibrar.',
      },
      ar: {
        name: 'أفضل أغنية أمابيانو',
        description: 'طبول اللوغ درم والباص العميق وحلبات الرقص من سويتو إلى لاغوس. اختر البيانو الذي حرّكك.',
      },
      sw: {
        name: 'Wimbo Bora wa Amapiano',
        description:
          'Ngoma za log drum, besi nzito na kumbi za densi kutoka Soweto hadi Lagos. Chagua piano iliyokugusa.',
      },
    },
  },
  {
    name: 'Best Gospel Song',
    description: 'The song of praise and worship that lifted congregations and playlists alike.',
    type: 'continental',
    region: null,
    icon: '🙏',
    color: '#6366F1',
    translations: {
      fr: {
        name: 'Meilleure chanson gospel',
        description: "Le chant de louange et d'adoration qui a porté les assemblées comme les playlists.",
      },
      pt: {
        name: 'Melhor Música Gospel',
        description: 'O cântico de louvor e adoração que elevou igrejas e playlists.',
      },
      ar: {
        name: 'أفضل أغنية غوسبل',
        description: 'ترنيمة التسبيح والعبادة التي رفعت الجماعات وقوائم التشغيل على حدّ سواء.',
      },
      sw: {
        name: 'Wimbo Bora wa Injili',
        description: 'Wimbo wa sifa na kuabudu ulioinua makanisa na orodha za nyimbo kwa pamoja.',
      },
    },
  },
  {
    name: 'Best West African Song',
    description: 'From Accra to Abidjan and Dakar: the finest record out of West Africa.',
    type: 'regional',
    region: 'West Africa',
    icon: '🌍',
    color: '#16A34A',
    translations: {
      fr: {
        name: "Meilleure chanson d'Afrique de l'Ouest",
        description: "D'Accra à Abidjan et Dakar : le plus beau titre venu d'Afrique de l'Ouest.",
      },
      pt: {
        name: 'Melhor Música da África Ocidental',
        description: 'De Acra a Abidjan e Dacar: o melhor tema da África Ocidental.',
      },
      ar: {
        name: 'أفضل أغنية من غرب أفريقيا',
        description: 'من أكرا إلى أبيدجان وداكار: أروع أغنية خرجت من غرب أفريقيا.',
      },
      sw: {
        name: 'Wimbo Bora wa Afrika Magharibi',
        description: 'Kutoka Accra hadi Abidjan na Dakar: wimbo bora kabisa wa Afrika Magharibi.',
      },
    },
  },
  {
    name: 'Best East African Song',
    description: 'Bongo Flava, Gengetone and beyond: the standout song from East Africa.',
    type: 'regional',
    region: 'East Africa',
    icon: '🦁',
    color: '#CA8A04',
    translations: {
      fr: {
        name: "Meilleure chanson d'Afrique de l'Est",
        description: "Bongo Flava, Gengetone et bien plus : la chanson phare de l'Afrique de l'Est.",
      },
      pt: {
        name: 'Melhor Música da África Oriental',
        description: 'Bongo Flava, Gengetone e muito mais: a música de destaque da África Oriental.',
      },
      ar: {
        name: 'أفضل أغنية من شرق أفريقيا',
        description: 'بونغو فلافا وغينغيتون وأكثر: الأغنية الأبرز من شرق أفريقيا.',
      },
      sw: {
        name: 'Wimbo Bora wa Afrika Mashariki',
        description: "Bongo Fleva, Gengetone na zaidi: wimbo uliong'ara zaidi Afrika Mashariki.",
      },
    },
  },
  {
    name: 'Best Southern African Song',
    description: 'Johannesburg, Harare, Lusaka and Luanda: the record that carried Southern Africa.',
    type: 'regional',
    region: 'Southern Africa',
    icon: '🌅',
    color: '#DC2626',
    translations: {
      fr: {
        name: "Meilleure chanson d'Afrique australe",
        description: "Johannesburg, Harare, Lusaka et Luanda : le titre qui a porté l'Afrique australe.",
      },
      pt: {
        name: 'Melhor Música da África Austral',
        description: 'Joanesburgo, Harare, Lusaca e Luanda: o tema que conquistou a África Austral.',
      },
      ar: {
        name: 'أفضل أغنية من الجنوب الأفريقي',
        description: 'جوهانسبرغ وهراري ولوساكا ولواندا: الأغنية التي حملت راية الجنوب الأفريقي.',
      },
      sw: {
        name: 'Wimbo Bora wa Kusini mwa Afrika',
        description: 'Johannesburg, Harare, Lusaka na Luanda: wimbo uliobeba Kusini mwa Afrika.',
      },
    },
  },
  {
    name: 'Best North African Song',
    description: 'Raï, mahraganat, Maghrebi pop and Arabic rap: the song of the year from North Africa.',
    type: 'regional',
    region: 'North Africa',
    icon: '🕌',
    color: '#0D9488',
    translations: {
      fr: {
        name: "Meilleure chanson d'Afrique du Nord",
        description:
          "Raï, mahraganat, pop maghrébine et rap arabe : la chanson de l'année venue d'Afrique du Nord.",
      },
      pt: {
        name: 'Melhor Música do Norte de África',
        description: 'Raï, mahraganat, pop magrebino e rap árabe: a música do ano do Norte de África.',
      },
      ar: {
        name: 'أفضل أغنية من شمال أفريقيا',
        description: 'الراي والمهرجانات والبوب المغاربي والراب العربي: أغنية العام من شمال أفريقيا.',
      },
      sw: {
        name: 'Wimbo Bora wa Afrika Kaskazini',
        description:
          'Raï, mahraganat, pop ya Maghreb na rap ya Kiarabu: wimbo wa mwaka kutoka Afrika Kaskazini.',
      },
    },
  },
  {
    name: 'Best Central African Song',
    description: 'Rumba, ndombolo and Afro-pop from Kinshasa to Yaoundé: Central Africa’s finest song.',
    type: 'regional',
    region: 'Central Africa',
    icon: '🌿',
    color: '#9333EA',
    translations: {
      fr: {
        name: "Meilleure chanson d'Afrique centrale",
        description:
          "Rumba, ndombolo et afro-pop de Kinshasa à Yaoundé : la plus belle chanson d'Afrique centrale.",
      },
      pt: {
        name: 'Melhor Música da África Central',
        description: 'Rumba, ndombolo e afro-pop de Kinshasa a Iaundé: a melhor música da África Central.',
      },
      ar: {
        name: 'أفضل أغنية من وسط أفريقيا',
        description: 'الرومبا والندومبولو والأفروبوب من كينشاسا إلى ياوندي: أجمل أغنية في وسط أفريقيا.',
      },
      sw: {
        name: 'Wimbo Bora wa Afrika ya Kati',
        description:
          'Rumba, ndombolo na Afro-pop kutoka Kinshasa hadi Yaoundé: wimbo bora zaidi wa Afrika ya Kati.',
      },
    },
  },
];
