import type { Role } from '@ovation/shared';
import { hashToDigits, slugify } from './deterministic';
import { DEMO_ARTIST_NAME } from './songs-data';

/** The one password of every demo account, printed in the README so reviewers can sign in. */
export const DEMO_PASSWORD = 'Ovation2025!';

export interface DemoAccount {
  name: string;
  email: string;
  role: Role;
  phoneNumber: string;
  country: string;
  state: string;
  bio: string;
}

/** The three accounts a reviewer signs in with, one per role. The fan has no votes, so can vote at once. */
export const MAIN_DEMO_ACCOUNTS = {
  admin: {
    name: 'Ovation Admin',
    email: 'admin@ovation.test',
    role: 'admin',
    phoneNumber: '+2348010000001',
    country: 'Nigeria',
    state: 'Lagos',
    // Empty on purpose: songs show their uploader as the artist profile, and the admin uploads most of them.
    bio: '',
  },
  artist: {
    name: DEMO_ARTIST_NAME,
    email: 'artist@ovation.test',
    role: 'artist',
    phoneNumber: '+2348030000002',
    country: 'Nigeria',
    state: 'Lagos',
    bio: 'Lagos-born singer-songwriter blending Afro-soul, highlife horns and Yoruba poetry. Debut EP “Third Mainland” out now.',
  },
  fan: {
    name: 'Kofi Mensah',
    email: 'fan@ovation.test',
    role: 'fan',
    phoneNumber: '+233241234567',
    country: 'Ghana',
    state: 'Greater Accra',
    bio: '',
  },
} as const satisfies Record<string, DemoAccount>;

/** International dialling codes of the countries the demo fans live in, for their phone numbers. */
const DIAL_CODES: Record<string, string> = {
  Nigeria: '234',
  Ghana: '233',
  Kenya: '254',
  'South Africa': '27',
  Tanzania: '255',
  Uganda: '256',
  Morocco: '212',
  Egypt: '20',
  Senegal: '221',
  "Côte d'Ivoire": '225',
  Cameroon: '237',
  'DR Congo': '243',
  Zambia: '260',
  Zimbabwe: '263',
  Rwanda: '250',
  Ethiopia: '251',
  Algeria: '213',
  Tunisia: '216',
  Angola: '244',
  Mali: '223',
};

/** Name, country and state of the extra fans whose votes fill the rankings, from all five regions. */
const FAN_PROFILES: ReadonlyArray<readonly [name: string, country: string, state: string]> = [
  ['Chidinma Eze', 'Nigeria', 'Enugu'],
  ['Tunde Bakare', 'Nigeria', 'Oyo'],
  ['Aisha Bello', 'Nigeria', 'Kano'],
  ['Emeka Nwosu', 'Nigeria', 'Anambra'],
  ['Funke Adeyemi', 'Nigeria', 'Lagos'],
  ['Ama Owusu', 'Ghana', 'Ashanti'],
  ['Kwame Asante', 'Ghana', 'Greater Accra'],
  ['Efua Boateng', 'Ghana', 'Central'],
  ['Wanjiku Kamau', 'Kenya', 'Nairobi'],
  ['Otieno Odhiambo', 'Kenya', 'Kisumu'],
  ['Achieng Atieno', 'Kenya', 'Mombasa'],
  ['Thabo Mokoena', 'South Africa', 'Gauteng'],
  ['Lerato Dlamini', 'South Africa', 'KwaZulu-Natal'],
  ['Sipho Ndlovu', 'South Africa', 'Western Cape'],
  ['Neema Mwakyusa', 'Tanzania', 'Dar es Salaam'],
  ['Baraka Mushi', 'Tanzania', 'Arusha'],
  ['Nakato Namubiru', 'Uganda', 'Kampala'],
  ['Ivan Ssemakula', 'Uganda', 'Wakiso'],
  ['Youssef El Amrani', 'Morocco', 'Casablanca-Settat'],
  ['Salma Benali', 'Morocco', 'Rabat-Salé-Kénitra'],
  ['Omar Hassan', 'Egypt', 'Cairo'],
  ['Nour El-Sayed', 'Egypt', 'Alexandria'],
  ['Amina Diallo', 'Senegal', 'Dakar'],
  ['Moussa Ndiaye', 'Senegal', 'Thiès'],
  ['Awa Koné', "Côte d'Ivoire", 'Abidjan'],
  ['Yao Kouassi', "Côte d'Ivoire", 'Yamoussoukro'],
  ['Brice Mbarga', 'Cameroon', 'Centre'],
  ['Nadège Fotso', 'Cameroon', 'Littoral'],
  ['Patrick Mukendi', 'DR Congo', 'Kinshasa'],
  ['Grâce Ilunga', 'DR Congo', 'Haut-Katanga'],
  ['Mwila Banda', 'Zambia', 'Lusaka'],
  ['Tatenda Moyo', 'Zimbabwe', 'Harare'],
  ['Rutendo Chikwanha', 'Zimbabwe', 'Bulawayo'],
  ['Aline Uwase', 'Rwanda', 'Kigali'],
  ['Dawit Tesfaye', 'Ethiopia', 'Addis Ababa'],
  ['Meron Alemu', 'Ethiopia', 'Amhara'],
  ['Yacine Bouzid', 'Algeria', 'Algiers'],
  ['Ines Trabelsi', 'Tunisia', 'Tunis'],
  ['Joana Domingos', 'Angola', 'Luanda'],
  ['Fatoumata Traoré', 'Mali', 'Bamako'],
];

/**
 * The extra demo fans, each with an address made of their name (chidinma.eze@ovation.test), as people
 * choose them (numbered addresses would look like the planted cluster's), and a stable fake phone number.
 */
export const DEMO_FANS: readonly DemoAccount[] = FAN_PROFILES.map(([name, country, state]) => {
  const email = `${slugify(name).replace(/-/g, '.')}@ovation.test`;
  return {
    name,
    email,
    role: 'fan',
    phoneNumber: `+${DIAL_CODES[country] ?? '234'}7${hashToDigits(email, 8)}`,
    country,
    state,
    bio: '',
  };
});
