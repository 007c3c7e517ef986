import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Badge, FormPanel, NoticeBar, PageHeader, TextField, useNotice } from "../ui.tsx";

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

/** A datetime-local value as the API's date-time (the editor's own time zone). */
const iso = (local: string) => new Date(local).toISOString();

/** Makes a content item an activity or changes its place, times and capacity (PUT /editor/v1/activity/{id}). */
export function Activities() {
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
      <FormPanel id="activity-form" title={t("activityEdit")} onSubmit={save} submit={t("save")}>
        <TextField label={t("contentId")} name="post_id" required value={postId} onValue={setPostId} />
        <TextField label={t("place")} name="place" required maxLength={100} value={place} onValue={setPlace} />
        <TextField label={t("startsAt")} type="datetime-local" required value={startsAt} onValue={setStartsAt} />
        <TextField label={t("endsAt")} type="datetime-local" required value={endsAt} onValue={setEndsAt} />
        <TextField label={t("deadline")} type="datetime-local" required value={deadline} onValue={setDeadline} />
        <TextField
          label={t("capacity")}
          type="number"
          min={1}
          max={100000}
          required
          value={capacity}
          onValue={(value) => setCapacity(Number(value))}
        />
      </FormPanel>
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
