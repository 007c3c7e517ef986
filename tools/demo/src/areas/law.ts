import type { Database } from "@davmu/api/db/schema";
import { lawDb } from "@davmu/api/modules/law/tables";
import type { Kysely } from "kysely";

const hour = 60 * 60 * 1000;
const avatar = (name: string) => `/media/community/${name}.svg`;

const demoLawyers = [
  {
    key: "demo-lawyer-zhou",
    name: "周明远",
    title: "合伙人律师",
    firm: "江澜明正律师事务所",
    avatar: avatar("lawyer-zhou"),
  },
  {
    key: "demo-lawyer-lin",
    name: "林晓雯",
    title: "执业律师",
    firm: "江澜衡信律师事务所",
    avatar: avatar("lawyer-lin"),
  },
] as const;

interface DemoQuestion {
  key: string;
  title: string;
  body: string;
  category: string;
  hoursAgo: number;
  views: number;
  answers: { key: string; lawyer: string; hoursAgo: number; likes: number; accepted: boolean; text: string }[];
}

const demoQuestions: DemoQuestion[] = [
  {
    key: "demo-law-deposit",
    title: "退租时房东以“墙上有钉孔”为由扣下全部押金，合法吗？",
    body: "租房合同一年，到期正常退租。交房时房东说墙上有几个挂画留下的钉孔，要扣掉全部押金三千元，说是要重新刷墙。合同里只写了“损坏房屋需照价赔偿”，没写钉孔怎么算。请问房东这样扣押金合理吗？我应该怎么维权？",
    category: "房产纠纷",
    hoursAgo: 30,
    views: 2341,
    answers: [
      {
        key: "demo-law-deposit-zhou",
        lawyer: "demo-lawyer-zhou",
        hoursAgo: 27,
        likes: 56,
        accepted: false,
        text: "押金是担保性质的款项，合同到期后房东应当退还，只能就实际发生、且由承租人造成的损失抵扣。挂画留下的少量钉孔一般属于正常使用的合理损耗，很难认定为“损坏房屋”。即便需要修补，也只能按修补几个钉孔的合理费用扣除，而不是全额三千元。建议先与房东协商并保留聊天记录、交房照片，协商不成可向街道人民调解委员会申请调解，或向法院起诉要求返还。",
      },
      {
        key: "demo-law-deposit-lin",
        lawyer: "demo-lawyer-lin",
        hoursAgo: 20,
        likes: 23,
        accepted: true,
        text: "补充几个实操步骤：第一，尽快给房东发一条书面消息（微信或短信），写明退租日期、交房时房屋状况，并要求其在七日内退还押金，这能固定证据；第二，找一家装修师傅出一份修补钉孔的报价，通常不过几十到一两百元，作为合理损失的参考；第三，房东仍拒绝的，金额不大可以走小额诉讼程序，一审终审、审理快、诉讼费低。根据《民法典》相关规定，租赁期满承租人返还的房屋应当符合按照约定或者租赁物的性质使用后的状态，正常使用产生的损耗不由承租人承担。",
      },
    ],
  },
  {
    key: "demo-law-wages",
    title: "公司拖欠两个月工资，还让我签“自愿离职”，该怎么办？",
    body: "我在一家装修公司做设计，公司已经拖欠了两个月工资，现在人事让我签一份“自愿离职申请”，说签了就把欠的工资分三个月结清。我不想白白放弃经济补偿，请问能不能不签？如果不签，我应该怎么要回工资？",
    category: "劳动纠纷",
    hoursAgo: 8,
    views: 986,
    answers: [
      {
        key: "demo-law-wages-zhou",
        lawyer: "demo-lawyer-zhou",
        hoursAgo: 5,
        likes: 12,
        accepted: false,
        text: "不建议签。用人单位未及时足额支付劳动报酬的，劳动者可以书面通知单位解除劳动合同，并要求支付经济补偿；签了“自愿离职”，往往就失去了主张经济补偿的依据。建议保留工资条、银行流水、考勤记录和聊天记录，向公司寄送解除劳动合同通知书，然后向当地劳动人事争议仲裁委员会申请仲裁，也可以先向劳动保障监察大队投诉欠薪。",
      },
    ],
  },
];

/**
 * The demo law Q&A (decision 035): two lawyers, a solved question whose accepted answer has fewer
 * likes than the other (so the page shows the accepted one first) and an open one. Idempotent: rows
 * are matched by their keys.
 */
export async function seedDemoLaw(database: Kysely<Database>, now = Date.now()): Promise<{ questions: number }> {
  const db = lawDb(database);
  const lawyerIds = new Map<string, number>();
  for (const lawyer of demoLawyers) {
    const { key, ...values } = lawyer;
    const row = await db
      .insertInto("lawyers")
      .values(lawyer)
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .returning("id")
      .executeTakeFirstOrThrow();
    lawyerIds.set(key, row.id);
  }
  for (const question of demoQuestions) {
    const values = {
      title: question.title,
      body: question.body,
      category: question.category,
      asker_alias: "江澜网友",
      asker_avatar: avatar("asker-default"),
      view_count: question.views,
      state: 0,
      created_at: now - question.hoursAgo * hour,
    };
    const saved = await db
      .insertInto("law_questions")
      .values({ key: question.key, ...values })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .returning("id")
      .executeTakeFirstOrThrow();
    // the accepted answer is written last, so the one-accepted index never sees two at once
    const ordered = [...question.answers].sort((a, b) => Number(a.accepted) - Number(b.accepted));
    for (const answer of ordered) {
      const row = {
        question_id: saved.id,
        lawyer_id: lawyerIds.get(answer.lawyer) as number,
        body: answer.text,
        accepted: answer.accepted ? 1 : 0,
        like_count: answer.likes,
        state: 0,
        created_at: now - answer.hoursAgo * hour,
      };
      await db
        .insertInto("law_answers")
        .values({ key: answer.key, ...row })
        .onConflict((oc) => oc.column("key").doUpdateSet(row))
        .execute();
    }
  }
  return { questions: demoQuestions.length };
}
