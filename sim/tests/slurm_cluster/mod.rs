//! A one-node Slurm cluster on this machine, for the tests: `munged` with a
//! key made here, `slurmctld` and `slurmd` in the foreground, every file
//! (key, sockets, `slurm.conf`, state, spool, logs) in one folder, on
//! ports chosen free. No systemd and no cgroups: processes are tracked
//! through /proc (`proctrack/linuxproc`), tasks are not bound
//! (`task/none`). Two CPUs, whatever the machine has.
//!
//! [`Cluster`] is a guard: dropping it (also when a test fails) cancels
//! the jobs it submitted, waits for them to end, and stops the daemons,
//! the last started first.

// Each test uses the parts it needs.
#![allow(dead_code)]

use std::fs;
use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The programs the cluster needs.
const PROGRAMS: [&str; 8] = [
    "munged",
    "slurmctld",
    "slurmd",
    "sbatch",
    "squeue",
    "scontrol",
    "scancel",
    "sinfo",
];

/// `name` on the PATH, or in an `sbin` folder (where Debian puts the
/// daemons, not always on a user's PATH).
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/local/sbin", "/usr/bin"].map(PathBuf::from))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Why a cluster cannot be started here, if it cannot.
pub fn unavailable() -> Option<String> {
    let missing: Vec<&str> = PROGRAMS
        .into_iter()
        .filter(|p| which(p).is_none())
        .collect();
    if !missing.is_empty() {
        return Some(format!(
            "Slurm is not installed (no {}): apt-get install slurm-wlm munge",
            missing.join(", ")
        ));
    }
    let uid = Command::new("id").arg("-u").output().ok()?;
    if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
        return Some("a Slurm node (slurmd) must run as root".into());
    }
    None
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// This machine's name as Slurm takes it (up to the first dot).
fn host_name() -> String {
    let name = fs::read_to_string("/proc/sys/kernel/hostname").expect("the host name");
    name.trim()
        .split('.')
        .next()
        .unwrap_or("localhost")
        .to_string()
}

/// The last `n` lines of a file, for a failure's message.
pub fn tail(path: &Path, n: usize) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| format!("({e})"));
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(n);
    format!("--- {}\n{}\n", path.display(), lines[from..].join("\n"))
}

/// A running one-node cluster; stopped on drop.
pub struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    host: String,
    daemons: Vec<(&'static str, Child)>,
    jobs: Vec<String>,
}

impl Cluster {
    /// Starts munged, slurmctld and slurmd with their files in `dir`
    /// (created), and waits until the node takes jobs.
    pub fn start(dir: &Path) -> Cluster {
        let mut c = Cluster {
            dir: dir.to_path_buf(),
            conf: dir.join("slurm.conf"),
            host: host_name(),
            daemons: Vec::new(),
            jobs: Vec::new(),
        };
        for sub in ["munge", "state", "spool", "log"] {
            fs::create_dir_all(dir.join(sub)).unwrap();
        }
        // munged wants every folder above its socket open to all, and its
        // key readable by it alone.
        for d in [dir.parent().unwrap(), dir, &dir.join("munge")] {
            fs::set_permissions(d, fs::Permissions::from_mode(0o755)).unwrap();
        }
        c.start_munge();
        c.write_conf();
        let conf = c.conf.display().to_string();
        c.spawn("slurmctld", &["-D", "-i", "-f", &conf]);
        c.spawn("slurmd", &["-D", "-f", &conf]);
        c.wait_until("the node is idle", Duration::from_secs(60), |c| {
            let o = c.command("sinfo").args(["-h", "-N", "-o", "%T"]).output();
            o.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        });
        c
    }

    fn start_munge(&mut self) {
        let m = self.dir.join("munge");
        let key = m.join("munge.key");
        let mut k = vec![0u8; 1024];
        std::io::Read::read_exact(&mut fs::File::open("/dev/urandom").unwrap(), &mut k).unwrap();
        fs::write(&key, k).unwrap();
        fs::set_permissions(&key, fs::Permissions::from_mode(0o600)).unwrap();
        let arg = |flag: &str, file: &str| format!("--{flag}={}", m.join(file).display());
        let args = [
            "-F".to_string(),
            arg("key-file", "munge.key"),
            arg("socket", "munge.socket"),
            arg("pid-file", "munged.pid"),
            arg("log-file", "munged.log"),
            arg("seed-file", "munged.seed"),
        ];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        self.spawn("munged", &args);
        let socket = m.join("munge.socket");
        self.wait_until("munged's socket", Duration::from_secs(20), |_| {
            socket.exists()
        });
    }

    /// A minimal `slurm.conf`: one node of 2 CPUs, one partition, no
    /// accounting, requeued jobs free to start again after 5 s.
    fn write_conf(&self) {
        let d = |p: &str| self.dir.join(p).display().to_string();
        let host = &self.host;
        let conf = format!(
            "ClusterName=hexwar-test
SlurmctldHost={host}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort={ctld_port}
SlurmdPort={d_port}
AuthType=auth/munge
AuthInfo=socket={socket},cred_expire=5
CredType=cred/munge
StateSaveLocation={state}
SlurmdSpoolDir={spool}
SlurmctldPidFile={log}/slurmctld.pid
SlurmdPidFile={log}/slurmd.pid
SlurmctldLogFile={log}/slurmctld.log
SlurmdLogFile={log}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
KillWait=5
MinJobAge=600
NodeName={host} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes={host} Default=YES MaxTime=INFINITE State=UP
",
            ctld_port = free_port(),
            d_port = free_port(),
            socket = d("munge/munge.socket"),
            state = d("state"),
            spool = d("spool"),
            log = d("log"),
        );
        fs::write(&self.conf, conf).unwrap();
    }

    fn spawn(&mut self, name: &'static str, args: &[&str]) {
        let log = |ext: &str| fs::File::create(self.dir.join("log").join(format!("{name}.{ext}")));
        let child = self
            .command(name)
            .args(args)
            .stdin(Stdio::null())
            .stdout(log("out").unwrap())
            .stderr(log("err").unwrap())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
        self.daemons.push((name, child));
    }

    /// `prog` (a Slurm command or daemon) with this cluster's `slurm.conf`
    /// and none of the Slurm variables of a job this test may run in.
    pub fn command(&self, prog: &str) -> Command {
        let mut c = Command::new(which(prog).unwrap_or_else(|| PathBuf::from(prog)));
        for (k, _) in std::env::vars_os() {
            let k = k.to_string_lossy();
            if ["SLURM_", "SBATCH_", "SQUEUE_", "SRUN_", "SALLOC_"]
                .iter()
                .any(|p| k.starts_with(p))
            {
                c.env_remove(k.as_ref());
            }
        }
        c.env("SLURM_CONF", &self.conf);
        c
    }

    /// Runs `prog args`, which must succeed.
    pub fn run(&self, prog: &str, args: &[&str]) -> Output {
        let o = self.command(prog).args(args).output().unwrap();
        assert!(
            o.status.success(),
            "{prog} {}: {}\n{}{}",
            args.join(" "),
            o.status,
            String::from_utf8_lossy(&o.stderr),
            self.logs()
        );
        o
    }

    /// Waits (at most `limit`) until `ready`; fails with the daemons' logs.
    pub fn wait_until(&self, what: &str, limit: Duration, ready: impl Fn(&Cluster) -> bool) {
        let t = Instant::now();
        while !ready(self) {
            assert!(
                t.elapsed() < limit,
                "waited {limit:?} for {what}\n{}",
                self.logs()
            );
            sleep(Duration::from_millis(200));
        }
    }

    /// `sbatch --parsable OPTIONS SCRIPT` from `cwd` with `env` added: the
    /// job's id.
    pub fn submit(
        &mut self,
        cwd: &Path,
        options: &[&str],
        script: &Path,
        env: &[(&str, &str)],
    ) -> String {
        let mut c = self.command("sbatch");
        c.current_dir(cwd)
            .arg("--parsable")
            .args(options)
            .arg(script);
        for (k, v) in env {
            c.env(k, v);
        }
        let o = c.output().unwrap();
        assert!(
            o.status.success(),
            "sbatch failed: {}\n{}",
            String::from_utf8_lossy(&o.stderr),
            self.logs()
        );
        let out = String::from_utf8_lossy(&o.stdout);
        let id = out.trim().split(';').next().unwrap_or("").to_string();
        assert!(!id.is_empty(), "sbatch printed no job id: {out}");
        self.jobs.push(id.clone());
        id
    }

    /// Each job record of `job` (every task of an array): its fields as
    /// `scontrol -o show job` gives them.
    pub fn records(&self, job: &str) -> Vec<Vec<(String, String)>> {
        let o = self.run("scontrol", &["-o", "show", "job", job]);
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|kv| kv.split_once('='))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect()
            })
            .collect()
    }

    /// Whether `job` (all its tasks) has left the queue.
    pub fn finished(&self, job: &str) -> bool {
        self.command("squeue")
            .args(["-h", "-o", "%i", "-j", job])
            .output()
            .is_ok_and(|o| o.status.success() && o.stdout.iter().all(u8::is_ascii_whitespace))
    }

    /// The daemons' logs (their ends), for a failure's message.
    pub fn logs(&self) -> String {
        let l = self.dir.join("log");
        let mut s = String::new();
        for f in ["slurmctld.log", "slurmd.log", "slurmctld.err", "slurmd.err"] {
            s += &tail(&l.join(f), 15);
        }
        s += &tail(&self.dir.join("munge/munged.log"), 5);
        s
    }

    /// Cancels the jobs, waits for them to end, stops the daemons.
    pub fn stop(mut self) {
        self.teardown();
    }

    fn teardown(&mut self) {
        if self.daemons.is_empty() {
            return;
        }
        for j in std::mem::take(&mut self.jobs) {
            let _ = self.command("scancel").arg(&j).output();
        }
        // Cancelled tasks end within KillWait; the daemons go after them.
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(30) {
            let o = self.command("squeue").args(["-h", "-o", "%i"]).output();
            match o {
                Ok(o) if o.status.success() && !o.stdout.is_empty() => {
                    sleep(Duration::from_millis(200))
                }
                _ => break,
            }
        }
        while let Some((_, mut child)) = self.daemons.pop() {
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let t = Instant::now();
            while matches!(child.try_wait(), Ok(None)) && t.elapsed() < Duration::from_secs(10) {
                sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.teardown();
    }
}
