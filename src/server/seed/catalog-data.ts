/**
 * The demo catalogue (DECISIONS.md "Runtime conventions": loaded on first start with an
 * empty database). 34 ready-made pins, markers and coins across all eight collections
 * and four categories, with stock levels that show every stock label, one free pin,
 * the two promo pins limited to 4 per customer and an in-stock First Tee pin.
 */
import type { ProductCategory, ProductCollection } from '../../shared/catalog';
import type { ArtShape, Motif, Plating } from './artwork';

export interface DemoProduct {
  name: string;
  description: string;
  priceCents: number;
  stockQuantity: number;
  category: ProductCategory;
  collection: ProductCollection;
  features: string[];
  purchaseLimit?: number;
  art: {
    shape: ArtShape;
    plating: Plating;
    primary: string;
    secondary: string;
    accent: string;
    motif: Motif;
    label?: string;
  };
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  // --- masters -------------------------------------------------------------
  {
    name: 'Azalea Bloom Flagstick Pin',
    description:
      'A spring-green enamel pin with a blooming pink azalea, made for the first major of the year. Hard-wearing soft enamel on a polished gold frame.',
    priceCents: 1499,
    stockQuantity: 48,
    category: 'tournament',
    collection: 'masters',
    features: [
      '1 inch soft enamel',
      'Gold plated frame',
      'Double rubber clutch backs',
      'Individually bagged',
    ],
    art: {
      shape: 'pin',
      plating: 'gold',
      primary: '#1f6b3a',
      secondary: '#0f4424',
      accent: '#e75a9b',
      motif: 'flower',
      label: 'Azalea Bloom',
    },
  },
  {
    name: 'Amen Corner Ball Marker',
    description:
      'A magnetic ball marker that honours the most famous stretch of holes in golf. Fits any hat clip or divot tool with a magnet.',
    priceCents: 999,
    stockQuantity: 6,
    category: 'golf-pins',
    collection: 'masters',
    features: [
      '1 inch magnetic marker',
      'Silver plating',
      'Works with magnetic hat clips',
      'Flat back for true putting lines',
    ],
    art: {
      shape: 'marker',
      plating: 'silver',
      primary: '#21653c',
      secondary: '#f2f6ee',
      accent: '#d9b43a',
      motif: 'bridge',
      label: 'Amen Corner',
    },
  },
  {
    name: 'Green Jacket Commemorative Coin',
    description:
      'A heavy 1.5 inch coin struck to celebrate champions in green. Antique gold finish with a raised flagstick and a ridged edge.',
    priceCents: 2499,
    stockQuantity: 15,
    category: 'commemorative',
    collection: 'masters',
    features: [
      '1.5 inch die-struck coin',
      'Antique gold finish',
      'Ridged collector edge',
      'Protective capsule included',
      'Numbered card',
    ],
    art: {
      shape: 'coin',
      plating: 'gold',
      primary: '#1b5e35',
      secondary: '#2c7a48',
      accent: '#f2d35b',
      motif: 'flag',
      label: 'Champions in Green',
    },
  },
  {
    name: 'Magnolia Lane Spring Pin',
    description:
      'White magnolia blossoms over a tree-lined drive: a seasonal pin for the spring swing. Limited run, back in stock soon.',
    priceCents: 1299,
    stockQuantity: 0,
    category: 'seasonal',
    collection: 'masters',
    features: ['1 inch soft enamel', 'Silver plating', 'Single clutch back'],
    art: {
      shape: 'pin',
      plating: 'silver',
      primary: '#2e7d4f',
      secondary: '#1c4d31',
      accent: '#fbfaf3',
      motif: 'flower',
      label: 'Magnolia Lane',
    },
  },
  // --- pga-tour ------------------------------------------------------------
  {
    name: 'Island Green 17th Hole Pin',
    description:
      'The most feared par 3 on tour, surrounded by water on a deep-blue enamel field. A favourite for stadium-hole fans.',
    priceCents: 1199,
    stockQuantity: 60,
    category: 'tournament',
    collection: 'pga-tour',
    features: [
      '1 inch soft enamel',
      'Black nickel plating',
      'Double rubber clutch backs',
      'Pro-shop backing card',
    ],
    art: {
      shape: 'pin',
      plating: 'black-nickel',
      primary: '#1565a8',
      secondary: '#0b3560',
      accent: '#3fbf6f',
      motif: 'flag',
      label: 'Island Green',
    },
  },
  {
    name: 'Tour Championship Ball Marker',
    description:
      'A season-finale ball marker with a trophy in gold on navy enamel. Pairs with our magnetic hat clips.',
    priceCents: 899,
    stockQuantity: 25,
    category: 'golf-pins',
    collection: 'pga-tour',
    features: ['1 inch magnetic marker', 'Gold plating', 'Navy and gold enamel'],
    art: {
      shape: 'marker',
      plating: 'gold',
      primary: '#13294b',
      secondary: '#1f3d6e',
      accent: '#f1c644',
      motif: 'trophy',
      label: 'Tour Championship',
    },
  },
  {
    name: 'Major Season Commemorative Coin',
    description:
      'Four majors, one coin: a two-tone collector piece marking a full season of championship golf.',
    priceCents: 1999,
    stockQuantity: 8,
    category: 'commemorative',
    collection: 'pga-tour',
    features: [
      '1.5 inch coin',
      'Two-tone silver and gold',
      'Ridged edge',
      'Protective capsule included',
    ],
    art: {
      shape: 'coin',
      plating: 'silver',
      primary: '#23395d',
      secondary: '#34507f',
      accent: '#f6d776',
      motif: 'star',
      label: 'Major Season',
    },
  },
  {
    name: 'Fall Series Leaf Pin',
    description:
      'An autumn-orange maple leaf for the fall events. A warm, easy gift for the golfer who plays all year.',
    priceCents: 799,
    stockQuantity: 30,
    category: 'seasonal',
    collection: 'pga-tour',
    features: ['1 inch soft enamel', 'Bronze plating', 'Single clutch back'],
    art: {
      shape: 'pin',
      plating: 'bronze',
      primary: '#8c3b12',
      secondary: '#5e250a',
      accent: '#f39c34',
      motif: 'leaf',
      label: 'Fall Series',
    },
  },
  // --- liv-golf ------------------------------------------------------------
  {
    name: 'Shotgun Start Team Pin',
    description:
      'A bold shield for team-format fans: every group off at once, every shot counts. Black nickel with bright enamel.',
    priceCents: 1099,
    stockQuantity: 40,
    category: 'tournament',
    collection: 'liv-golf',
    features: [
      '1.25 inch shield pin',
      'Black nickel plating',
      'Double rubber clutch backs',
      'Team colour enamel',
    ],
    art: {
      shape: 'shield',
      plating: 'black-nickel',
      primary: '#b3121f',
      secondary: '#111111',
      accent: '#f5f5f5',
      motif: 'clubs',
      label: 'Shotgun Start',
    },
  },
  {
    name: '54-Hole Club Ball Marker',
    description: 'Three rounds, no cut. A sleek black-and-red ball marker for the 54-hole format.',
    priceCents: 849,
    stockQuantity: 12,
    category: 'golf-pins',
    collection: 'liv-golf',
    features: ['1 inch magnetic marker', 'Black nickel plating', 'Glossy epoxy dome'],
    art: {
      shape: 'marker',
      plating: 'black-nickel',
      primary: '#b3121f',
      secondary: '#1a1a1a',
      accent: '#ffffff',
      motif: 'ball',
      label: '54 Hole Club',
    },
  },
  {
    name: 'Team Captain Challenge Coin',
    description:
      'For captains and the players who follow them. A weighty challenge coin with a star at its centre.',
    priceCents: 2199,
    stockQuantity: 3,
    category: 'commemorative',
    collection: 'liv-golf',
    features: ['1.5 inch challenge coin', 'Antique bronze', 'Ridged edge', 'Velvet pouch'],
    art: {
      shape: 'coin',
      plating: 'bronze',
      primary: '#2b2b2b',
      secondary: '#8f1b1b',
      accent: '#f3c969',
      motif: 'star',
      label: 'Team Captain',
    },
  },
  {
    name: 'Desert Swing Sunset Pin',
    description:
      'Sunset over a desert course, in warm oranges and purples. A seasonal run for the winter desert swing.',
    priceCents: 999,
    stockQuantity: 0,
    category: 'seasonal',
    collection: 'liv-golf',
    features: ['1 inch soft enamel', 'Gold plating', 'Gradient-look enamel fill'],
    art: {
      shape: 'pin',
      plating: 'gold',
      primary: '#6a2c70',
      secondary: '#3e1a45',
      accent: '#f8a33b',
      motif: 'sun',
      label: 'Desert Swing',
    },
  },
  // --- tgl -----------------------------------------------------------------
  {
    name: 'Simulator Arena Pin',
    description:
      'Golf under the lights and on the big screen: a neon-edged pin for the new indoor league.',
    priceCents: 999,
    stockQuantity: 35,
    category: 'golf-pins',
    collection: 'tgl',
    features: [
      '1 inch soft enamel',
      'Black nickel plating',
      'Glow-style enamel',
      'Double clutch backs',
    ],
    art: {
      shape: 'pin',
      plating: 'black-nickel',
      primary: '#101827',
      secondary: '#0a0f1a',
      accent: '#35e0c2',
      motif: 'ball',
      label: 'Simulator Arena',
    },
  },
  {
    name: 'Prime Time Match Night Pin',
    description:
      'A pennant for the weeknight matches: two teams, one arena, fifteen holes of head-to-head golf.',
    priceCents: 1149,
    stockQuantity: 9,
    category: 'tournament',
    collection: 'tgl',
    features: ['1.25 inch pennant pin', 'Silver plating', 'Double rubber clutch backs'],
    art: {
      shape: 'pennant',
      plating: 'silver',
      primary: '#1d2b64',
      secondary: '#f7931e',
      accent: '#ffffff',
      motif: 'star',
      label: 'Match Night',
    },
  },
  {
    name: 'Inaugural Season Coin',
    description:
      'Mark the first season of stadium golf with a silver coin showing the arena green and flag.',
    priceCents: 2299,
    stockQuantity: 20,
    category: 'commemorative',
    collection: 'tgl',
    features: ['1.5 inch coin', 'Bright silver', 'Ridged edge', 'Protective capsule included'],
    art: {
      shape: 'coin',
      plating: 'silver',
      primary: '#0e1a2b',
      secondary: '#1c3553',
      accent: '#4ad991',
      motif: 'flag',
      label: 'Inaugural Season',
    },
  },
  {
    name: 'Winter League Snowflake Pin',
    description:
      'Indoor golf does not stop for snow. An icy-blue snowflake pin for the winter league.',
    priceCents: 899,
    stockQuantity: 14,
    category: 'seasonal',
    collection: 'tgl',
    features: ['1 inch soft enamel', 'Silver plating', 'Single clutch back'],
    art: {
      shape: 'pin',
      plating: 'silver',
      primary: '#2a6f9e',
      secondary: '#174a6d',
      accent: '#e8f6ff',
      motif: 'snowflake',
      label: 'Winter League',
    },
  },
  // --- patriotic -----------------------------------------------------------
  {
    name: 'American Flag Golf Pin',
    description:
      'Old Glory on the course: a waving stars-and-stripes pin. Promo pricing, limited time, 4 per customer; the customer pays shipping.',
    priceCents: 599,
    stockQuantity: 200,
    category: 'golf-pins',
    collection: 'patriotic',
    purchaseLimit: 4,
    features: ['1 inch soft enamel', 'Gold plating', 'Limit 4 per customer', 'Limited-time promo'],
    art: {
      shape: 'pin',
      plating: 'gold',
      primary: '#1f3a93',
      secondary: '#b22234',
      accent: '#b22234',
      motif: 'stripes',
      label: 'American Flag',
    },
  },
  {
    name: 'Trump Fight Golf Pin',
    description:
      'A red, white and blue rally pin with a raised fist of stars. Promo pricing, limited time, 4 per customer; the customer pays shipping.',
    priceCents: 599,
    stockQuantity: 150,
    category: 'golf-pins',
    collection: 'patriotic',
    purchaseLimit: 4,
    features: ['1 inch soft enamel', 'Gold plating', 'Limit 4 per customer', 'Limited-time promo'],
    art: {
      shape: 'shield',
      plating: 'gold',
      primary: '#b22234',
      secondary: '#1f3a93',
      accent: '#ffffff',
      motif: 'star',
      label: 'Fight Fight Fight',
    },
  },
  {
    name: 'Stars & Stripes Ball Marker',
    description:
      'A patriotic ball marker with a field of stars, for Memorial Day scrambles and July Fourth member-guests.',
    priceCents: 749,
    stockQuantity: 45,
    category: 'golf-pins',
    collection: 'patriotic',
    features: ['1 inch magnetic marker', 'Silver plating', 'Red, white and blue enamel'],
    art: {
      shape: 'marker',
      plating: 'silver',
      primary: '#1f3a93',
      secondary: '#b22234',
      accent: '#ffffff',
      motif: 'star',
      label: 'Stars and Stripes',
    },
  },
  {
    name: 'Independence Day Fireworks Pin',
    description: 'Fireworks over the 18th green. A seasonal pin for Fourth of July tournaments.',
    priceCents: 899,
    stockQuantity: 7,
    category: 'seasonal',
    collection: 'patriotic',
    features: ['1 inch soft enamel', 'Gold plating', 'Double clutch backs'],
    art: {
      shape: 'pin',
      plating: 'gold',
      primary: '#0d1b3e',
      secondary: '#b22234',
      accent: '#ffd23f',
      motif: 'fireworks',
      label: 'Independence Day',
    },
  },
  {
    name: 'Veterans Honor Challenge Coin',
    description:
      'A challenge coin honouring those who served, for veterans outings and military appreciation days.',
    priceCents: 2499,
    stockQuantity: 22,
    category: 'commemorative',
    collection: 'patriotic',
    features: [
      '1.75 inch challenge coin',
      'Antique bronze',
      'Ridged edge',
      'Velvet pouch',
      'Part of proceeds donated',
    ],
    art: {
      shape: 'coin',
      plating: 'bronze',
      primary: '#233b2a',
      secondary: '#324f3a',
      accent: '#f1d27a',
      motif: 'star',
      label: 'Honor and Service',
    },
  },
  // --- courses -------------------------------------------------------------
  {
    name: 'Pebble Coast 7th Hole Pin',
    description:
      'The little par 3 that drops to the ocean: a cliff-top green, crashing surf and a flag in the wind.',
    priceCents: 1299,
    stockQuantity: 33,
    category: 'golf-pins',
    collection: 'courses',
    features: [
      '1 inch soft enamel',
      'Silver plating',
      'Double clutch backs',
      'Pro-shop backing card',
    ],
    art: {
      shape: 'pin',
      plating: 'silver',
      primary: '#1d6fa5',
      secondary: '#114466',
      accent: '#3aa76d',
      motif: 'wave',
      label: 'Pebble Coast',
    },
  },
  {
    name: 'Old Course Swilcan Bridge Pin',
    description:
      'The little stone bridge on the 18th at the home of golf, in sandstone and links green.',
    priceCents: 1399,
    stockQuantity: 5,
    category: 'commemorative',
    collection: 'courses',
    features: ['1.25 inch soft enamel', 'Antique bronze', 'Double clutch backs'],
    art: {
      shape: 'pin',
      plating: 'bronze',
      primary: '#4d7c3a',
      secondary: '#2f5223',
      accent: '#d8c3a0',
      motif: 'bridge',
      label: 'Old Course',
    },
  },
  {
    name: 'Links Pot Bunker Ball Marker',
    description:
      'Deep, revetted and unforgiving: a pot-bunker ball marker for anyone who has played out backwards.',
    priceCents: 799,
    stockQuantity: 27,
    category: 'golf-pins',
    collection: 'courses',
    features: ['1 inch magnetic marker', 'Bronze plating', 'Sand-texture enamel'],
    art: {
      shape: 'marker',
      plating: 'bronze',
      primary: '#3f6b2f',
      secondary: '#6d9a4f',
      accent: '#d62828',
      motif: 'bunker',
      label: 'Links Pot Bunker',
    },
  },
  {
    name: 'Mountain Course Alpine Pin',
    description:
      'Snow-capped peaks behind an elevated tee: a summer seasonal for mountain resort courses.',
    priceCents: 1099,
    stockQuantity: 18,
    category: 'seasonal',
    collection: 'courses',
    features: ['1 inch soft enamel', 'Silver plating', 'Single clutch back'],
    art: {
      shape: 'pin',
      plating: 'silver',
      primary: '#3b6e8f',
      secondary: '#23465d',
      accent: '#6c8f5a',
      motif: 'mountain',
      label: 'Mountain Course',
    },
  },
  {
    name: 'Desert Oasis Cactus Pin',
    description:
      'A saguaro standing guard by the fairway. Our desert-course favourite, restocking soon.',
    priceCents: 999,
    stockQuantity: 0,
    category: 'golf-pins',
    collection: 'courses',
    features: ['1 inch soft enamel', 'Gold plating', 'Double clutch backs'],
    art: {
      shape: 'pin',
      plating: 'gold',
      primary: '#e0a458',
      secondary: '#b5652c',
      accent: '#2f7d4a',
      motif: 'cactus',
      label: 'Desert Oasis',
    },
  },
  // --- memes ---------------------------------------------------------------
  {
    name: 'Grip It and Rip It Pin',
    description: 'For the player who has never laid up in their life. Loud colours, louder driver.',
    priceCents: 699,
    stockQuantity: 80,
    category: 'golf-pins',
    collection: 'memes',
    features: ['1 inch soft enamel', 'Black nickel plating', 'Single clutch back'],
    art: {
      shape: 'pin',
      plating: 'black-nickel',
      primary: '#e63946',
      secondary: '#1d3557',
      accent: '#f1faee',
      motif: 'clubs',
      label: 'Grip It and Rip It',
    },
  },
  {
    name: 'Fore! Please Ball Marker',
    description:
      'A polite warning for your playing partners, on a bright yellow magnetic ball marker.',
    priceCents: 499,
    stockQuantity: 55,
    category: 'golf-pins',
    collection: 'memes',
    features: ['1 inch magnetic marker', 'Silver plating', 'High-visibility enamel'],
    art: {
      shape: 'marker',
      plating: 'silver',
      primary: '#f4c430',
      secondary: '#ffe17a',
      accent: '#e63946',
      motif: 'ball',
      label: 'Fore Please',
    },
  },
  {
    name: 'Mulligan Club Member Pin',
    description:
      'Card-carrying member of the club nobody admits to joining. One free swing per round, officially.',
    priceCents: 599,
    stockQuantity: 4,
    category: 'golf-pins',
    collection: 'memes',
    features: [
      '1 inch soft enamel',
      'Gold plating',
      'Member number on the back',
      'Single clutch back',
    ],
    art: {
      shape: 'shield',
      plating: 'gold',
      primary: '#2d6a4f',
      secondary: '#1b4332',
      accent: '#ffffff',
      motif: 'tee',
      label: 'Mulligan Club',
    },
  },
  {
    name: 'Cart Path Only Pin',
    description:
      'The sign every golfer dreads after a wet night, now as a pin. Wear it with resignation.',
    priceCents: 699,
    stockQuantity: 19,
    category: 'golf-pins',
    collection: 'memes',
    features: ['1 inch soft enamel', 'Silver plating', 'Single clutch back'],
    art: {
      shape: 'pennant',
      plating: 'silver',
      primary: '#4a4e69',
      secondary: '#f2a541',
      accent: '#ffffff',
      motif: 'flag',
      label: 'Cart Path Only',
    },
  },
  // --- other ---------------------------------------------------------------
  {
    name: 'The First Tee Youth Program Pin',
    description:
      'Our thank-you to the young golfers and coaches of youth programs: free with any order, one tee and a lot of heart.',
    priceCents: 0,
    stockQuantity: 75,
    category: 'golf-pins',
    collection: 'other',
    features: ['1 inch soft enamel', 'Silver plating', 'Free with any order', 'Single clutch back'],
    art: {
      shape: 'pin',
      plating: 'silver',
      primary: '#0f7a5a',
      secondary: '#0a5540',
      accent: '#f5b700',
      motif: 'tee',
      label: 'First Tee',
    },
  },
  {
    name: 'Hole-in-One Commemorative Coin',
    description:
      'The shot of a lifetime deserves more than a scorecard. A gold coin with space on the back for the date and hole.',
    priceCents: 1899,
    stockQuantity: 16,
    category: 'commemorative',
    collection: 'other',
    features: ['1.5 inch coin', 'Bright gold', 'Engravable back', 'Protective capsule included'],
    art: {
      shape: 'coin',
      plating: 'gold',
      primary: '#145a32',
      secondary: '#1e7b45',
      accent: '#ffffff',
      motif: 'flag',
      label: 'Hole in One',
    },
  },
  {
    name: 'Club Championship Trophy Pin',
    description:
      'For club champions, flight winners and the proud runners-up. A trophy in gold on a member-blue shield.',
    priceCents: 1499,
    stockQuantity: 10,
    category: 'tournament',
    collection: 'other',
    features: ['1.25 inch shield pin', 'Gold plating', 'Double rubber clutch backs', 'Gift box'],
    art: {
      shape: 'shield',
      plating: 'gold',
      primary: '#0b3d91',
      secondary: '#072a63',
      accent: '#f5c542',
      motif: 'trophy',
      label: 'Club Champion',
    },
  },
  {
    name: 'Holiday Wreath Flagstick Pin',
    description:
      'A flagstick wrapped in a holiday wreath: stocking-stuffer size, pro-shop-counter ready.',
    priceCents: 799,
    stockQuantity: 28,
    category: 'seasonal',
    collection: 'other',
    features: ['1 inch soft enamel', 'Gold plating', 'Holiday backing card'],
    art: {
      shape: 'pin',
      plating: 'gold',
      primary: '#b3001b',
      secondary: '#7a0012',
      accent: '#1f7a3a',
      motif: 'flag',
      label: 'Happy Holidays',
    },
  },
];
