import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Guard } from "../layout.tsx";
import { Badge, Field, NoticeBar, PageHeader, useNotice } from "../ui.tsx";

interface Activity {
  post_id: string;
  title: string;
  place: string;
  starts_at: string;
  ends_at: string;
  deadline: string;
  capacity: number;
  signup_count: number;
  state: string;
}

export function Activities() {
  return (
    <Guard screen="activities">
      <ActivityForm />
    </Guard>
  );
}

/** A datetime-local value as the API's date-time (the editor's own time zone). */
const iso = (local: string) => new Date(local).toISOString();

/** Makes a content item an activity or changes its place, times and capacity (PUT /editor/v1/activity/{id}). */
function ActivityForm() {
  const { t, lang } = useT();
  const { notice, setNotice, fail, ok } = useNotice();
  const [postId, setPostId] = useState("");
  const [place, setPlace] = useState("");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [deadline, setDeadline] = useState("");
  const [capacity, setCapacity] = useState(100);
  const [saved, setSaved] = useState<Activity | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const activity = await api<Activity>("PUT", `/editor/v1/activity/${encodeURIComponent(postId.trim())}`, {
        place,
        starts_at: iso(startsAt),
        ends_at: iso(endsAt),
        deadline: iso(deadline),
        capacity,
      });
      setSaved(activity);
      ok(t("saved"));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <>
      <PageHeader title={t("navActivities")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <section className="panel narrow" aria-labelledby="activity-form">
        <h2 id="activity-form">{t("activityEdit")}</h2>
        <form className="stack" onSubmit={save}>
          <Field label={t("contentId")}>
            <input name="post_id" required value={postId} onChange={(e) => setPostId(e.target.value)} />
          </Field>
          <Field label={t("place")}>
            <input name="place" required maxLength={100} value={place} onChange={(e) => setPlace(e.target.value)} />
          </Field>
          <Field label={t("startsAt")}>
            <input type="datetime-local" required value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          </Field>
          <Field label={t("endsAt")}>
            <input type="datetime-local" required value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
          </Field>
          <Field label={t("deadline")}>
            <input type="datetime-local" required value={deadline} onChange={(e) => setDeadline(e.target.value)} />
          </Field>
          <Field label={t("capacity")}>
            <input
              type="number"
              min={1}
              max={100000}
              required
              value={capacity}
              onChange={(e) => setCapacity(Number(e.target.value))}
            />
          </Field>
          <button type="submit" className="primary">
            {t("save")}
          </button>
        </form>
      </section>
      {saved && (
        <section className="panel narrow" aria-label={saved.title}>
          <h2>{saved.title}</h2>
          <dl className="meta">
            <div>
              <dt>{t("status")}</dt>
              <dd>
                <Badge tone="blue">{saved.state}</Badge>
              </dd>
            </div>
            <div>
              <dt>{t("place")}</dt>
              <dd>{saved.place}</dd>
            </div>
            <div>
              <dt>{t("startsAt")}</dt>
              <dd>{formatTime(saved.starts_at, lang)}</dd>
            </div>
            <div>
              <dt>{t("capacity")}</dt>
              <dd>
                {saved.signup_count} / {saved.capacity}
              </dd>
            </div>
          </dl>
        </section>
      )}
    </>
  );
}
