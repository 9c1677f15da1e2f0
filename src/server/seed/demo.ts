/**
 * Demo data loaded on first start with an empty database (DECISIONS.md "Runtime
 * conventions"; `SEED_DEMO=false` turns it off in start.ts): the demo catalogue with
 * generated SVG artwork (saved through the files module), the demo discount codes
 * (percentage, fixed, minimum order, max uses, expired, inactive) and three published
 * blog posts. Runs in one transaction under an advisory lock and only when the products
 * table is empty, so it is idempotent and safe when two processes start at once.
 */
import { sql } from 'drizzle-orm';
import { renderPinSvg } from '../../shared/pin-art';
import type { BlogCategory } from '../../shared/schemas/blog';
import { sanitizePostHtml } from '../blog/service';
import type { Db, DbOrTx } from '../db/client';
import { blogPosts, discountCodes, homeLogos, homeTestimonials, products } from '../db/schema';
import { saveFile } from '../files/service';
import { DEFAULT_STORE_TIME_ZONE, endOfStoreDay, startOfStoreDay } from '../lib/store-time';
import { blogBannerSvg, initialsOf, motifDataUri, productArtworkSvg } from './artwork';
import { DEMO_PRODUCTS } from './catalog-data';
import {
  avatarSvg,
  SAMPLE_LOGOS,
  SAMPLE_TESTIMONIALS,
  sampleLogoSvg,
  testimonialPinSvg,
} from './home-data';

/** Advisory lock key for seeding ("FPSEED" as a number). */
const SEED_LOCK = 0x465053454544;

/**
 * The demo discount codes. SPRING2024 runs March 1 to May 31, 2024 of the shop's own
 * calendar: from the start of the first day to the last millisecond of the last day in
 * `timeZone` (STORE_TIME_ZONE), the rule a date-only code from the admin follows
 * (docs/decisions.md issue 8 entry 5).
 */
export function demoDiscountCodes(timeZone: string): (typeof discountCodes.$inferInsert)[] {
  return [
    { code: 'WELCOME10', discountType: 'percentage', discountValue: 10 },
    { code: 'SAVE5', discountType: 'fixed', discountValue: 500 },
    { code: 'BIRDIE20', discountType: 'percentage', discountValue: 20, minimumOrderCents: 10000 },
    { code: 'EAGLE15', discountType: 'percentage', discountValue: 15, maxUses: 5 },
    {
      code: 'SPRING2024',
      discountType: 'percentage',
      discountValue: 25,
      validFrom: startOfStoreDay('2024-03-01', timeZone),
      validUntil: endOfStoreDay('2024-05-31', timeZone),
    },
    { code: 'OLDCODE', discountType: 'percentage', discountValue: 30, isActive: false },
  ];
}

interface DemoPost {
  title: string;
  slug: string;
  category: BlogCategory;
  excerpt: string;
  tags: string[];
  content: string;
  daysAgo: number;
  colors: [string, string];
}

export const DEMO_BLOG_POSTS: DemoPost[] = [
  {
    title: 'How to Design a Golf Pin That Looks Great on a Hat',
    slug: 'how-to-design-a-golf-pin',
    category: 'tips',
    excerpt:
      'Fewer colours, bolder lines and the right size: five habits that make a small pin read from across the range.',
    tags: ['design', 'soft enamel', 'custom pins'],
    daysAgo: 21,
    colors: ['#1f6b3a', '#f5b700'],
    content: `<p>A pin is about an inch across, and most people see it from a few feet away. The designs that work at that size share a few habits.</p>
<h2>1. Keep the colour count low</h2>
<p>Every colour is filled by hand between raised metal lines, so the number of colours is the biggest factor in both <strong>price</strong> and clarity. Four to six colours is the sweet spot.</p>
<h2>2. Thicken thin lines</h2>
<p>Metal lines thinner than about 0.3 mm disappear. Bold outlines and simple shapes read better than fine detail.</p>
<h2>3. Pick the plating to suit the colours</h2>
<ul>
<li><strong>Gold</strong> warms up greens and reds.</li>
<li><strong>Silver</strong> keeps blues and whites crisp.</li>
<li><strong>Black nickel</strong> makes bright enamel pop.</li>
</ul>
<h2>4. Use text sparingly</h2>
<p>One short word or an initial works; a full club name around the rim needs at least a 1.25 inch pin.</p>
<h2>5. Ask for a mockup</h2>
<p>We send a free digital mockup within 24 hours, so you can see the pin at real size before anything is made.</p>`,
  },
  {
    title: 'Five Courses Every Pin Collector Should Visit',
    slug: 'five-courses-every-pin-collector-should-visit',
    category: 'courses',
    excerpt: 'Pro shops with pins worth the trip, from the home of golf to a desert oasis.',
    tags: ['courses', 'collecting', 'travel'],
    daysAgo: 12,
    colors: ['#1d6fa5', '#ffffff'],
    content: `<p>Course pins are the golfer's passport stamps. These are five kinds of places whose pro shops are worth the detour.</p>
<h2>The home of golf</h2>
<p>The old links by the sea, the stone bridge on the last hole and a town full of shops: start your collection where the game began.</p>
<h2>A cliff-top par 3</h2>
<p>Short holes by the ocean make the best pins: a small green, the water and a flag in the wind.</p>
<h2>A mountain resort</h2>
<p>Elevated tees and snow on the peaks in July. Look for the summer-only designs.</p>
<h2>A desert oasis</h2>
<p>Cactus, sunsets and emerald fairways. Desert courses love bright enamel.</p>
<h2>Your own home course</h2>
<p>The pin that means the most is often the one from the club where you learned. If it does not have one yet, <strong>we can make it</strong>.</p>`,
  },
  {
    title: 'Tournament Pins: Planning Your Event Keepsakes',
    slug: 'tournament-pins-planning-your-event-keepsakes',
    category: 'tournaments',
    excerpt:
      'A simple timeline for ordering pins, ball markers and coins for your outing or championship.',
    tags: ['tournaments', 'events', 'planning'],
    daysAgo: 4,
    colors: ['#13294b', '#f1c644'],
    content: `<p>A pin in the gift bag is the keepsake players actually keep. Here is how to get yours on time.</p>
<h2>Eight weeks out: decide what to give</h2>
<ul>
<li><strong>Pins</strong> for every player and volunteer.</li>
<li><strong>Ball markers</strong> for the tee gift.</li>
<li><strong>Coins</strong> for winners, sponsors and hole-in-one prizes.</li>
</ul>
<h2>Six weeks out: send your logo</h2>
<p>Request a quote with your logo and the event date. We reply with a mockup within 24 hours.</p>
<h2>Five weeks out: approve and order</h2>
<p>Production takes two to three weeks after approval, plus shipping. Rush production is available when time is short.</p>
<h2>Event week: count and bag</h2>
<p>Order about ten percent more than your field size for volunteers, sponsors and the players who sign up late.</p>`,
  },
  {
    title: 'Soft Enamel vs Hard Enamel: Which Pin Is Right for Your Club?',
    slug: 'soft-enamel-vs-hard-enamel',
    category: 'equipment',
    excerpt:
      'Texture, shine, durability and price: how the two enamel processes compare, and why most golf pins are soft enamel.',
    tags: ['soft enamel', 'hard enamel', 'materials'],
    daysAgo: 30,
    colors: ['#0f3d2e', '#d4a72c'],
    content: `<p>Both kinds of enamel pin start the same way: a design is struck into a metal base, leaving raised metal lines around recessed areas. The difference is what happens to the colour.</p>
<h2>Soft enamel</h2>
<p>Colour is filled into the recesses and baked, but it sits slightly <strong>below</strong> the metal lines. Run a finger across the pin and you feel the ridges. That texture catches the light, which is why soft enamel looks lively on a hat or a bag tag.</p>
<ul>
<li>More colours and finer detail for the money.</li>
<li>Works with every plating: gold, silver, bronze and black nickel.</li>
<li>An optional epoxy dome makes the surface smooth and protects it.</li>
</ul>
<h2>Hard enamel</h2>
<p>The enamel is overfilled and then polished flat, level with the metal. The result is smooth, glossy and very hard-wearing, with a jewellery-like finish.</p>
<ul>
<li>Best for pins that are handled a lot, such as member badges.</li>
<li>Costs more and takes longer, because every pin is polished by hand.</li>
<li>Limited to brighter metal finishes that survive polishing.</li>
</ul>
<h2>Which should you choose?</h2>
<p>For tournament gifts, pro shop stock and course pins, <strong>soft enamel</strong> gives the most colour and detail for the budget. For club member badges that are worn every week, hard enamel is worth the extra cost.</p>
<p>Not sure? Send us your logo and we will suggest the better fit in your free mockup.</p>`,
  },
  {
    title: 'New This Season: Black Nickel Plating and Backing Cards',
    slug: 'new-black-nickel-plating-and-backing-cards',
    category: 'news',
    excerpt:
      'Two of the most requested options are now available on every custom order: dark black nickel plating and branded backing cards.',
    tags: ['plating', 'packaging', 'announcements'],
    daysAgo: 2,
    colors: ['#1f2937', '#d4a72c'],
    content: `<p>Two options our customers asked for most are now part of every custom pin order.</p>
<h2>Black nickel plating</h2>
<p>Black nickel is a dark, smoky metal finish. Bright enamel colours stand out against it, and it gives club logos a modern, premium look. It adds a small amount per pin; the wizard shows the exact price as you choose it.</p>
<h2>Backing cards</h2>
<p>Each pin can now ship on its own printed backing card, ready to hang on a pro shop peg or drop into a tournament gift bag. Cards carry your logo and a short line of text.</p>
<h2>How to order</h2>
<ol>
<li>Open the <a href="/custom">custom pin designer</a>.</li>
<li>Choose <strong>black nickel</strong> under plating and <strong>backing cards</strong> under packaging.</li>
<li>Upload your design and pay the 10% deposit. We send a mockup within 24 hours.</li>
</ol>`,
  },
];

async function productCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  return Number(row?.n ?? 0);
}

/**
 * Loads the demo catalogue, discount codes and blog posts when the products table is
 * empty. Returns whether it seeded (false when products already exist). Existing
 * discount codes or blog slugs of the same name are left as they are. The codes' days are
 * days of `timeZone` (the config's STORE_TIME_ZONE; default America/Los_Angeles).
 */
export async function seedDemoData(
  db: Db,
  timeZone: string = DEFAULT_STORE_TIME_ZONE,
): Promise<boolean> {
  if ((await productCount(db)) > 0) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await productCount(tx)) > 0) return false;

    const rows: (typeof products.$inferInsert)[] = [];
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      // Pins are drawn by the wizard's renderer (metal rim, enamel, the name on the rim,
      // the product's motif in the field); markers, coins, shields and pennants by artwork.ts.
      const svg =
        p.art.shape === 'pin'
          ? renderPinSvg({
              plating: p.art.plating,
              size: '1.5inch',
              enamel: { primary: p.art.primary, secondary: p.art.secondary, accent: p.art.accent },
              text: p.art.label ?? p.name,
              logoHref: motifDataUri(p.art.motif, p.art.accent, p.art.plating),
              title: p.name,
              idPrefix: `p${i}`,
            })
          : productArtworkSvg({
              ...p.art,
              label: p.art.label ?? p.name,
              initials: initialsOf(p.name),
            });
      const file = await saveFile(tx, {
        contentType: 'image/svg+xml',
        data: Buffer.from(svg, 'utf8'),
        originalName: `${p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
      });
      rows.push({
        name: p.name,
        description: p.description,
        priceCents: p.priceCents,
        imageUrl: file.url,
        stockQuantity: p.stockQuantity,
        inStock: true,
        category: p.category,
        collection: p.collection,
        isActive: true,
        purchaseLimit: p.purchaseLimit ?? null,
        features: p.features,
      });
    }
    await tx.insert(products).values(rows);

    await tx
      .insert(discountCodes)
      .values(demoDiscountCodes(timeZone))
      .onConflictDoNothing({ target: discountCodes.code });

    const now = Date.now();
    for (const post of DEMO_BLOG_POSTS) {
      const banner = await saveFile(tx, {
        contentType: 'image/svg+xml',
        data: Buffer.from(blogBannerSvg(post.title, post.colors[0], post.colors[1]), 'utf8'),
        originalName: `${post.slug}.svg`,
      });
      const publishedAt = new Date(now - post.daysAgo * 24 * 60 * 60 * 1000);
      await tx
        .insert(blogPosts)
        .values({
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          content: sanitizePostHtml(post.content),
          category: post.category,
          featuredImage: banner.url,
          tags: post.tags,
          isPublished: true,
          publishedAt,
          metaTitle: post.title,
          metaDescription: post.excerpt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        .onConflictDoNothing({ target: blogPosts.slug });
    }
    await seedSampleHomeContent(tx);
    return true;
  });
}

const svgFile = (svg: string, originalName: string) => ({
  contentType: 'image/svg+xml' as const,
  data: Buffer.from(svg, 'utf8'),
  originalName,
});

/** The sample logos and testimonials (flagged `isSample`), files saved alongside. */
async function seedSampleHomeContent(tx: DbOrTx): Promise<void> {
  for (const [i, l] of SAMPLE_LOGOS.entries()) {
    const file = await saveFile(
      tx,
      svgFile(sampleLogoSvg(l.name, l.color, l.motif), `logo-${i + 1}.svg`),
    );
    await tx
      .insert(homeLogos)
      .values({ name: l.name, imageUrl: file.url, isSample: true, sortOrder: i });
  }
  for (const [i, t] of SAMPLE_TESTIMONIALS.entries()) {
    const avatar = await saveFile(tx, svgFile(avatarSvg(t.name, t.color), `avatar-${i + 1}.svg`));
    const image = await saveFile(
      tx,
      svgFile(testimonialPinSvg(t, `t${i}`), `testimonial-pin-${i + 1}.svg`),
    );
    await tx.insert(homeTestimonials).values({
      name: t.name,
      title: t.title,
      quote: t.quote,
      avatarUrl: avatar.url,
      imageUrl: image.url,
      isSample: true,
      sortOrder: i,
    });
  }
}
