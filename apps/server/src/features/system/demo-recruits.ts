/**
 * The demo team under alice, bob, carol, david and erin: recruits placed level by level under the first member with
 * a free side, each sponsored by the member it is placed under, so the tree is several levels deep on both legs.
 * Every third recruit buys a mining package in the demo week.
 */
const NAMES = [
  'Farah Aziz',
  'Gavin Ong',
  'Hana Yusof',
  'Ivan Teo',
  'Jia Hui Lee',
  'Kumar Raj',
  'Lina Goh',
  'Marcus Ng',
  'Nurul Izzah',
  'Oliver Tan',
  'Priya Nair',
  'Qistina Amir',
  'Ryan Chong',
  'Sofia Lim',
  'Tommy Wong',
  'Umi Kalsom',
  'Victor Low',
  'Wei Ling Koh',
  'Xavier Yap',
  'Yasmin Ali',
  'Zack Ho',
  'Aisyah Rahman',
  'Benjamin Chew',
  'Chloe Lau',
  'Daniel Kok',
  'Emily Foo',
  'Faizal Hamid',
  'Grace Quek',
];

export type Recruit = {
  userid: string;
  name: string;
  email: string;
  sponsor: string;
  side: 'L' | 'R';
  buys: boolean;
};

function build(): Recruit[] {
  // Sides already taken by the demo members loaded before (demo.ts): bob has erin on his left.
  const taken = new Set(['alice:L', 'alice:R', 'bob:L', 'carol:', 'david:', 'erin:']);
  const queue = ['bob', 'carol', 'david', 'erin'];
  const out: Recruit[] = [];
  for (const [i, name] of NAMES.entries()) {
    let parent = queue[0] ?? 'alice';
    let side: 'L' | 'R' = taken.has(`${parent}:L`) ? 'R' : 'L';
    while (taken.has(`${parent}:${side}`)) {
      queue.shift();
      parent = queue[0] ?? 'alice';
      side = taken.has(`${parent}:L`) ? 'R' : 'L';
    }
    taken.add(`${parent}:${side}`);
    const first = (name.split(' ')[0] ?? 'member').toLowerCase();
    const userid = `${first}${String(i + 1).padStart(2, '0')}`.slice(0, 15);
    out.push({ userid, name, email: `${userid}@example.com`, sponsor: parent, side, buys: i % 3 === 0 });
    queue.push(userid);
  }
  return out;
}

export const DEMO_RECRUITS: Recruit[] = build();
